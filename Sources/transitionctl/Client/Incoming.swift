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

extension ResponseError {
    /// `{"code", "message", "data"?}`, as the daemon sent it.
    var json: JSONValue {
        var o: JSONObject = ["code": .integer(Int64(code.rawValue)), "message": .string(message)]
        if let data { o["data"] = data }
        return .object(o)
    }
}
