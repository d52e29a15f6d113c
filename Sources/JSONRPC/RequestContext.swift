/// What a request handler knows about the request besides its params.
public struct RequestContext: Sendable {
    /// The id the response will carry.
    public let id: RequestID
    /// The method called.
    public let method: String

    /// Creates a context.
    public init(id: RequestID, method: String) {
        self.id = id
        self.method = method
    }
}
