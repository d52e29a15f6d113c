import JSONRPC
import TransitionProtocol

/// `transition/scrub`: set the progress of an interactive (or paused) transition.
struct TransitionScrubRequest: RequestType {
    typealias Response = TransitionStatus
    static let method = RequestMethod.transitionScrub.rawValue
    var session: String
    var progress: Double
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        progress = try json["progress"].decode()
    }
}
