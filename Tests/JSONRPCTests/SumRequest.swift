import JSONRPC

/// `sum`: adds positional numbers.
struct SumRequest: RequestType {
    typealias Response = Int64
    static let method = "sum"
    var terms: [Int64]

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        terms = try json.decode()
    }
}
