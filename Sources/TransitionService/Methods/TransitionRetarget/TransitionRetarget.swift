import JSONRPC
import TransitionProtocol

/// `transition/retarget`: redirect the transition in flight to a new destination,
/// keeping positions and velocity continuous; its timing only when given.
struct TransitionRetargetRequest: RequestType {
    typealias Response = TransitionStarted
    static let method = RequestMethod.transitionRetarget.rawValue
    var session: String
    var spec: TransitionSpecParams
    var timingGiven: Bool
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        spec = try TransitionSpecParams(json: json)
        timingGiven = json["timing"].isPresent || json["duration"].isPresent
    }
}
