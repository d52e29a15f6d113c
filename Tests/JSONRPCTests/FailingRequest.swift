import JSONRPC

/// A request whose handler always fails with a custom error.
struct FailingRequest: RequestType {
    typealias Response = NullResult
    static let method = "fail"

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {}
}
