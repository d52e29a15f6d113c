import TransitionService

/// How the daemon is run: from the command line.
public struct DaemonOptions: Sendable {
    public enum Mode: Sendable, Equatable {
        /// One client on standard input and output.
        case stdio
        /// A Unix-socket server for many clients; at the default path (or the socket
        /// systemd passed) when nil.
        case listen(path: String?)
        /// Only the WebSocket port (`--ws` alone).
        case webOnly
    }

    public var mode: Mode = .stdio
    /// With `--listen` and no path: serve the socket systemd passed, when it passed one.
    public var acceptsSocketActivation = false
    /// Exit (0) after this long without a client (`--listen-timeout`); never when nil.
    public var listenTimeoutMilliseconds: UInt64? = nil
    /// The HTTP and WebSocket port (`--ws`), besides the mode's transport.
    public var web: WebOptions? = nil
    /// A socket client that has not got past `initialize` this long after connecting
    /// (a web client: its request head, token and `initialize`) is closed
    /// (`--initialize-timeout`).
    public var initializeTimeoutMilliseconds: UInt64 = 10_000
    public var clientProcessID: Int32? = nil
    public var logFile: String? = nil
    /// `info` logs every connection; the default keeps an editor's stderr quiet.
    public var logLevel: LogLevel = .warning
    /// Where a daemon serving a socket keeps its durable sessions (`--state-dir`,
    /// `--no-state`).
    public var stateDirectory = StateDirectoryChoice.standard
    /// What clients may ask for and send (`--max-*`).
    public var limits = ServiceLimits()

    public init() {}
}
