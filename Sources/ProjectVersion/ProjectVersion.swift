/// The project's version: the daemon's `serverInfo.version`, transitionctl's, and the
/// one `scripts/version.py` copies into the clients' package files.
public enum ProjectVersion {
    public static let number = "0.2.0"
}
