import JSONRPC
import TransitionEngine

/// The destination and options shared by start, retarget and hypothetical samples.
struct TransitionSpecParams {
    var to: LayoutSpec
    var model: ItemModel?
    var viewportSize: Size?
    var contentInset: EdgeInsets?
    var options: TransitionOptions
    var timing: TransitionTiming

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        to = try Decode.layout(json["to"])
        model = json["sections"].isPresent ? try Decode.model(json["sections"]) : nil
        viewportSize = json["viewport"].isPresent ? try Decode.size(json["viewport"]) : nil
        contentInset =
            json["contentInset"].isPresent ? try Decode.insets(json["contentInset"]) : nil
        options = try Decode.transitionOptions(json)
        timing = try Decode.transitionTiming(json)
    }
}

struct TransitionStartRequest: RequestType {
    typealias Response = TransitionStarted
    static let method = "transition/start"
    var session: String
    var spec: TransitionSpecParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        spec = try TransitionSpecParams(json: json)
    }
}

struct TransitionRetargetRequest: RequestType {
    typealias Response = TransitionStarted
    static let method = "transition/retarget"
    var session: String
    var spec: TransitionSpecParams
    var timingGiven: Bool
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        spec = try TransitionSpecParams(json: json)
        timingGiven = json["timing"].isPresent || json["duration"].isPresent
    }
}

struct TransitionScrubRequest: RequestType {
    typealias Response = TransitionStatus
    static let method = "transition/scrub"
    var session: String
    var progress: Double
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        progress = try json["progress"].decode()
    }
}

/// `transition/finish` and `transition/cancel`: optional duration, timing, velocity.
struct LegParams {
    var session: String
    var duration: Double?
    var curve: TimingCurve?
    var velocity: Double?
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        duration = try json["duration"].decodeIfPresent()
        curve = json["timing"].isPresent ? try Decode.timing(json["timing"]) : nil
        velocity = try json["velocity"].decodeIfPresent()
    }
}

struct TransitionFinishRequest: RequestType {
    typealias Response = TransitionStatus
    static let method = "transition/finish"
    var leg: LegParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) { leg = try LegParams(json: json) }
}

struct TransitionCancelRequest: RequestType {
    typealias Response = TransitionStatus
    static let method = "transition/cancel"
    var leg: LegParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) { leg = try LegParams(json: json) }
}

struct TransitionCancelInPlaceRequest: RequestType {
    typealias Response = CancelledInPlace
    static let method = "transition/cancelInPlace"
    var params: SessionOnlyParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        params = try SessionOnlyParams(json: json)
    }
}

struct TransitionStatusRequest: RequestType {
    typealias Response = TransitionStatus
    static let method = "transition/status"
    var params: SessionOnlyParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        params = try SessionOnlyParams(json: json)
    }
}

/// `transition/sample`: the transition in flight at `progress` or `time`, or a
/// hypothetical transition (the params of `transition/start`, with `to`).
struct TransitionSampleRequest: RequestType {
    typealias Response = SampleResult
    static let method = "transition/sample"
    var session: String
    var progress: Double?
    var time: Double?
    var hypothetical: TransitionSpecParams?
    var rect: Rect?
    var all: Bool

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        progress = try json["progress"].decodeIfPresent()
        time = try json["time"].decodeIfPresent()
        if progress == nil && time == nil {
            throw json["progress"].invalid("number (give progress or time)")
        }
        hypothetical = json["to"].isPresent ? try TransitionSpecParams(json: json) : nil
        rect = json["rect"].isPresent ? try Decode.rect(json["rect"]) : nil
        all = try json["all"].decode(default: false)
    }
}

/// `clock/advance`: move a manual session's clock `by` seconds or `to` a time.
struct ClockAdvanceRequest: RequestType {
    typealias Response = AdvanceResult
    static let method = "clock/advance"
    var session: String
    var by: Double?
    var to: Double?
    var reply: AdvanceReply
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        by = try json["by"].decodeIfPresent()
        to = try json["to"].decodeIfPresent()
        reply = try Decode.named(json["reply"], default: AdvanceReply.tick)
        if by == nil && to == nil { throw json["by"].invalid("number (give by or to)") }
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
