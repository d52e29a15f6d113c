import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `session/list`: every session of the daemon, in creation order.
struct SessionListRequest: RequestType {
    typealias Response = SessionList
    static let method = RequestMethod.sessionList.rawValue
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {}
}
