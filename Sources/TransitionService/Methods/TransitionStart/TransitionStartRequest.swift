import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `transition/start`: a transition to the layout `to`, optionally with new sections,
/// viewport and content inset.
struct TransitionStartRequest: RequestType {
    typealias Response = TransitionStarted
    static let method = RequestMethod.transitionStart.rawValue
    var session: String
    var spec: TransitionSpecParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        spec = try TransitionSpecParams(json: json)
    }
}
