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
