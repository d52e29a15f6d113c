/// What a request handler knows about the request besides its params.
public struct RequestContext: Sendable {
    /// The id the response will carry.
    public let id: RequestID
    /// The method called.
    public let method: String
    /// The connection the request came on, as the server tagged it when it made the
    /// connection's `Dispatcher`: one registry can then serve every connection.
    public let connection: Int

    /// Creates a context.
    public init(id: RequestID, method: String, connection: Int = 0) {
        self.id = id
        self.method = method
        self.connection = connection
    }
}
