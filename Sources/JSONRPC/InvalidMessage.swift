/// A JSON value that is not a valid JSON-RPC 2.0 message; answered with -32600.
public struct InvalidMessage: Error, Equatable, Sendable {
    /// The id to answer with: the message's id when it had a valid one, else `null`.
    public var id: RequestID
    /// What is wrong, e.g. `jsonrpc must be "2.0"`.
    public var reason: String

    /// Creates an error.
    public init(id: RequestID, reason: String) {
        self.id = id
        self.reason = reason
    }

    /// The -32600 error for this message.
    public var responseError: ResponseError { .invalidRequest(reason) }
}
