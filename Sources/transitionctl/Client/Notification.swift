import JSONRPC
import TransitionProtocol

/// A notification from the daemon, with the whole message for printing.
struct Notification {
    var method: String
    var params: JSONValue?
    /// The message as received (`{"jsonrpc", "method", "params"}`).
    var message: JSONValue

    var isTick: Bool { method == TransitionTick.method.rawValue }
    var isDidEnd: Bool { method == TransitionDidEnd.method.rawValue }
}
