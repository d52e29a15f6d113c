/// The notifications the daemon sends (`Protocol/schema/jsonrpc.json`,
/// `$defs/daemonNotification`): a session's, described by `TransitionTick` and
/// `TransitionDidEnd`, and the LSP lifecycle's log messages.
public enum DaemonNotificationMethod: String, CaseIterable, Sendable {
    case transitionTick = "transition/tick"
    case transitionDidEnd = "transition/didEnd"
    case logMessage = "window/logMessage"
    case logTrace = "$/logTrace"
}
