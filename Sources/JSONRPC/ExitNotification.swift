/// LSP `exit`: end the process (code 0 after `shutdown`, else 1). Handled by the
/// `Dispatcher` itself.
public struct ExitNotification: NotificationType, Equatable, Sendable {
    /// The method name.
    public static let method = "exit"

    /// Creates the notification.
    public init() {}

    /// Params are ignored.
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {}
}
