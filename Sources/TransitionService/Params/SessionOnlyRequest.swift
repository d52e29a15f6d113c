import JSONRPC

/// A request whose params name only a session: dispose, unsubscribe, status,
/// cancelInPlace.
protocol SessionOnlyRequest: RequestType {
    var session: String { get }
    init(session: String)
}

extension SessionOnlyRequest {
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        self.init(session: try json["session"].decode())
    }
}
