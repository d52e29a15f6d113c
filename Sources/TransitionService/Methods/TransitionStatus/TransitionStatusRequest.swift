import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `transition/status`: state, progress and time fraction of a session.
struct TransitionStatusRequest: SessionOnlyRequest {
    typealias Response = TransitionStatus
    static let method = RequestMethod.transitionStatus.rawValue
    var session: String
}
