/// A notification: method and params, no id.
public struct NotificationMessage: Equatable, Sendable {
    /// The method called.
    public var method: String
    /// An object or an array, or `nil` when the member was omitted.
    public var params: JSONValue?

    /// Creates a notification.
    public init(method: String, params: JSONValue? = nil) {
        self.method = method
        self.params = params
    }
}
