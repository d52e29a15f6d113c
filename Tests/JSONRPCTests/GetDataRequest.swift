import JSONRPC

/// `get_data`: returns `["hello", 5]`.
struct GetDataRequest: RequestType {
    typealias Response = JSONValue
    static let method = "get_data"

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {}
}
