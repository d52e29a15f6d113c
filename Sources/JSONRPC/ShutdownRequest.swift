/// LSP `shutdown`: answer `null`, keep running, refuse further requests until `exit`.
public struct ShutdownRequest: RequestType, Equatable, Sendable {
    public typealias Response = NullResult
    /// The method name.
    public static let method = "shutdown"

    /// Creates the request.
    public init() {}

    /// Params are ignored.
    public init(json: borrowing JSONCursor) throws(JSONDecodingError) {}
}
