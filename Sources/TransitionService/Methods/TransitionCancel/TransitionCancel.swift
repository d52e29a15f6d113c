import JSONRPC
import TransitionProtocol

/// `transition/cancel`: animate from the current progress back to the source.
struct TransitionCancelRequest: RequestType {
    typealias Response = TransitionStatus
    static let method = RequestMethod.transitionCancel.rawValue
    var leg: LegParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) { leg = try LegParams(json: json) }
}
