/// One JSON-RPC 2.0 message: a request, a notification or a response.
public enum Message: Equatable, Sendable {
    /// A call that expects a response (it has an `id` member, possibly `null`).
    case request(RequestMessage)
    /// A call without an `id` member; never answered.
    case notification(NotificationMessage)
    /// A result or error for an earlier request.
    case response(ResponseMessage)
}
