import JSONRPC
import TransitionProtocol

/// `session/unsubscribe`: stop watching a session's ticks.
struct SessionUnsubscribeRequest: SessionOnlyRequest {
    typealias Response = NullResult
    static let method = RequestMethod.sessionUnsubscribe.rawValue
    var session: String
}
