/// LSP `$/setTrace {value}`. The `Dispatcher` records the value (see
/// `Dispatcher.trace`) and then calls a registered handler, if any.
public struct SetTraceNotification: NotificationType, Equatable, Sendable {
    /// The method name.
    public static let method = "$/setTrace"

    /// The new trace setting.
    public var value: TraceValue

    /// Creates the notification for `value`.
    public init(value: TraceValue) {
        self.value = value
    }

    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        value = try json["value"].decode()
    }
}
