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

/// The result of `transition/sample`: one frame of the transition at a given time or
/// progress.
struct SampleResult: JSONEncodable {
    var sample: AnimatorSample
    var contentOffset: Point
    var contentSize: Size
    var accessory: [CustomValue]
    /// Nil for a hypothetical transition, which never existed.
    var transition: Int?
    var attributes: [LayoutAttributes]
    var format: AttributeFormat
    var kinds: ElementKindTable

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("fraction")
        w.write(sample.fraction)
        w.writeKey("progress")
        w.write(sample.progress)
        w.write("contentOffset", point: contentOffset)
        w.write("contentSize", size: contentSize)
        w.write(accessory: accessory)
        if let transition { w.write(transition: transition) }
        w.writeKey("attributes")
        AttributeWriter.write(attributes, format: format, kinds: kinds, to: &w)
        w.endObject()
    }
}
