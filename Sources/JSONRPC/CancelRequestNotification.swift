/// LSP `$/cancelRequest {id}`. Handled by the `Dispatcher` itself.
public struct CancelRequestNotification: NotificationType, Equatable, Sendable {
    /// The method name.
    public static let method = "$/cancelRequest"

    /// The id of the request to cancel.
    public var id: RequestID

    /// Creates the notification for `id`.
    public init(id: RequestID) {
        self.id = id
    }

    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        id = try json["id"].decode()
    }
}
