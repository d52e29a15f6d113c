/// LSP `shutdown`: answer `null`, keep running, refuse further requests until `exit`.
public struct ShutdownRequest: RequestType, Equatable, Sendable {
    public typealias Response = NullResult
    public static let method = "shutdown"

    public init() {}

    /// Params are ignored.
    public init(json: JSONCursor) throws(JSONDecodingError) {}
}
