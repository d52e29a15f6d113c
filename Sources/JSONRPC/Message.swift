/// One JSON-RPC 2.0 message: a request, a notification or a response.
public enum Message: Equatable, Sendable {
    /// A call that expects a response (it has an `id` member, possibly `null`).
    case request(RequestMessage)
    /// A call without an `id` member; never answered.
    case notification(NotificationMessage)
    /// A result or error for an earlier request.
    case response(ResponseMessage)
}

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
