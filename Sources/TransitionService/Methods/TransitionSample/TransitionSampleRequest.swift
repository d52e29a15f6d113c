import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `transition/sample`: the transition in flight at a progress or a time, or a
/// hypothetical transition (the params of `transition/start`, with `to`), without
/// changing anything.
struct TransitionSampleRequest: RequestType {
    typealias Response = SampleResult
    static let method = RequestMethod.transitionSample.rawValue

    /// Where the transition is sampled: `progress` or `time` (progress wins when both
    /// are given).
    enum Moment {
        case progress(Double)
        /// Seconds on the session's clock, or from the start of a hypothetical
        /// transition.
        case time(Double)
    }

    var session: String
    var moment: Moment
    var hypothetical: TransitionSpecParams?
    var rect: Rect?
    var all: Bool

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        let progress: Double? = try json["progress"].decodeIfPresent()
        let time: Double? = try json["time"].decodeIfPresent()
        if let progress {
            moment = .progress(progress)
        } else if let time {
            moment = .time(time)
        } else {
            throw json["progress"].invalid("number (give progress or time)")
        }
        hypothetical = json["to"].isPresent ? try TransitionSpecParams(json: json) : nil
        rect = json["rect"].isPresent ? try Decode.rect(json["rect"]) : nil
        all = try json["all"].decode(default: false)
    }
}
