/// A request the server handles: its method name, its params (the type itself,
/// decoded from `params`) and its response type.
///
/// ```swift
/// struct ScrollRequest: RequestType {
///     static let method = "session/scroll"
///     typealias Response = NullResult
///     var session: String
///     var x: Double
///     init(json: borrowing JSONCursor) throws(JSONDecodingError) {
///         session = try json["session"].decode()
///         x = try json["offset"]["x"].decode()
///     }
/// }
/// ```
///
/// The compiler then checks that a handler registered for `ScrollRequest` returns a
/// `NullResult`.
public protocol RequestType: JSONDecodable {
    /// What a successful handler returns; written as the response's `result`.
    associatedtype Response: JSONEncodable
    /// The JSON-RPC method name, e.g. `transition/start`.
    static var method: String { get }
}

/// A notification the server handles: its method name and params.
public protocol NotificationType: JSONDecodable {
    /// The JSON-RPC method name, e.g. `initialized`.
    static var method: String { get }
}

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
