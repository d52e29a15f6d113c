import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `transition/cancelInPlace`: stop where it is; the frozen frames become the layout.
struct TransitionCancelInPlaceRequest: SessionOnlyRequest {
    typealias Response = CancelledInPlace
    static let method = RequestMethod.transitionCancelInPlace.rawValue
    var session: String
}
