import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `clock/advance`: move a manual session's clock `by` seconds or `to` a time, and
/// emit the tick there.
struct ClockAdvanceRequest: RequestType {
    typealias Response = AdvanceResult
    static let method = RequestMethod.clockAdvance.rawValue
    /// The reply when `reply` is not given.
    static let defaultReply = AdvanceReply.tick

    /// Where the clock goes (`to` wins when both are given).
    enum Step {
        /// Forward by this many seconds.
        case by(Double)
        /// To this time, in seconds.
        case to(Double)
    }

    var session: String
    var step: Step
    var reply: AdvanceReply
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        let by: Double? = try json["by"].decodeIfPresent()
        let to: Double? = try json["to"].decodeIfPresent()
        reply = try Decode.named(json["reply"], default: Self.defaultReply)
        if let to {
            step = .to(to)
        } else if let by {
            step = .by(by)
        } else {
            throw json["by"].invalid("number (give by or to)")
        }
    }
}
