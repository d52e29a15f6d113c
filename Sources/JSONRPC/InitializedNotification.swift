/// LSP `initialized`: the client got the `initialize` result.
public struct InitializedNotification: NotificationType, Equatable, Sendable {
    /// The method name.
    public static let method = "initialized"

    /// Creates the notification.
    public init() {}

    /// Params are ignored.
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {}
}
