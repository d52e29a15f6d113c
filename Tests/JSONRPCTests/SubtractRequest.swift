import JSONRPC

/// `subtract`: positional `[minuend, subtrahend]` or named params.
struct SubtractRequest: RequestType {
    typealias Response = Int64
    static let method = "subtract"
    var minuend: Int64
    var subtrahend: Int64

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        if case .array? = json.value {
            minuend = try json[0].decode()
            subtrahend = try json[1].decode()
        } else {
            minuend = try json["minuend"].decode()
            subtrahend = try json["subtrahend"].decode()
        }
    }
}
