/// The `null` result of requests that answer nothing (such as `shutdown`).
public struct NullResult: JSONEncodable, Equatable, Sendable {
    /// Creates the null result.
    public init() {}
    public func encode(to writer: inout JSONByteWriter) { writer.writeNull() }
}
