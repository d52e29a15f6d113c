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

/// What the `clock/advance` result holds when a tick was made: the tick itself, or only
/// the members that identify it (for a caller that reads the tick's notification and
/// need not receive its attributes twice).
enum AdvanceReply: String, CaseIterable {
    case tick
    case brief
}

/// The result of `clock/advance`: the tick emitted at the new time (whole or brief), or
/// the time alone when no transition is in flight.
enum AdvanceResult: JSONEncodable {
    /// The tick as its readers got it (encoded once).
    case tick(TickParams)
    /// The tick's session, transition, seq, time, fraction and progress.
    case brief(TickPayload)
    case idle(session: String, time: Double)

    func encode(to w: inout JSONByteWriter) {
        switch self {
        case .tick(let tick):
            tick.encode(to: &w)
        case .brief(let tick):
            tick.encodeBrief(to: &w)
        case .idle(let session, let time):
            w.beginObject()
            w.writeKey("session")
            w.write(session)
            w.writeKey("time")
            w.write(time)
            w.writeKey("state")
            w.write("idle")
            w.endObject()
        }
    }
}
