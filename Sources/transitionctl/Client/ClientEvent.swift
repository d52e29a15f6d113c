import JSONRPC
import TransitionProtocol

/// What a wait on the connection produced.
enum ClientEvent {
    /// A response (its whole message kept for printing).
    case response(ResponseMessage, message: JSONValue)
    case notification(Notification)
    /// The extra descriptor that was watched (the keyboard) is readable.
    case inputReady
    /// The deadline passed.
    case timeout
}
