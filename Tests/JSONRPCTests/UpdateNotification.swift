import JSONRPC

/// A notification that records its params.
struct UpdateNotification: NotificationType {
    static let method = "update"
    var values: [Int]

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        values = try json.decode()
    }
}
