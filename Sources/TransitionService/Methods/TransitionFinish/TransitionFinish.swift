import JSONRPC
import TransitionProtocol

/// `transition/finish`: animate from the current progress to the destination.
struct TransitionFinishRequest: RequestType {
    typealias Response = TransitionStatus
    static let method = RequestMethod.transitionFinish.rawValue
    var leg: LegParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) { leg = try LegParams(json: json) }
}
