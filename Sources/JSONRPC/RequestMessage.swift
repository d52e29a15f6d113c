/// A request: method, params and the id its response must carry.
public struct RequestMessage: Equatable, Sendable {
    /// The id the response must carry.
    public var id: RequestID
    /// The method called.
    public var method: String
    /// An object or an array, or `nil` when the member was omitted.
    public var params: JSONValue?

    /// Creates a request.
    public init(id: RequestID, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }
}
