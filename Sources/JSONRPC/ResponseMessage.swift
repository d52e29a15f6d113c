/// A response: the request's id and either a result or an error.
public struct ResponseMessage: Equatable, Sendable {
    /// The id of the request answered.
    public var id: RequestID
    /// The result, or the error.
    public var outcome: Result<JSONValue, ResponseError>

    /// Creates a response.
    public init(id: RequestID, outcome: Result<JSONValue, ResponseError>) {
        self.id = id
        self.outcome = outcome
    }
}
