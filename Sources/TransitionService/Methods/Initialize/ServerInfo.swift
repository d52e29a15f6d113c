import JSONRPC
import ProjectVersion
import TransitionEngine

/// The daemon's name and version, as `initialize` reports them.
public enum ServerInfo {
    public static let name = "transitiond"
    public static let version = ProjectVersion.number
}
