/// The notifications a client sends (each has a `<method>.params.json` and no result
/// schema in `Protocol/schema`).
public enum ClientNotificationMethod: String, CaseIterable, Sendable {
    case cancelRequest = "$/cancelRequest"
    case exit
    case initialized
    case setTrace = "$/setTrace"
}

/// The notifications the daemon sends (`Protocol/schema/jsonrpc.json`,
/// `$defs/daemonNotification`): a session's, described by `TransitionTick` and
/// `TransitionDidEnd`, and the LSP lifecycle's log messages.
public enum DaemonNotificationMethod: String, CaseIterable, Sendable {
    case transitionTick = "transition/tick"
    case transitionDidEnd = "transition/didEnd"
    case logMessage = "window/logMessage"
    case logTrace = "$/logTrace"
}

/// A notification a session sends on its own, described once for the daemon that writes
/// it and the clients that read it.
public protocol SessionNotificationType {
    /// The JSON-RPC method name.
    static var method: DaemonNotificationMethod { get }
}
