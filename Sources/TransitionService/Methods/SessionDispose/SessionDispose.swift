import JSONRPC
import TransitionProtocol

/// `session/dispose`: end a session (its transition in flight ends `disposed`).
struct SessionDisposeRequest: SessionOnlyRequest {
    typealias Response = NullResult
    static let method = RequestMethod.sessionDispose.rawValue
    var session: String
}
