import JSONRPC
import TransitionEngine
import TransitionProtocol

/// `transition/start`: a transition to the layout `to`, optionally with new sections,
/// viewport and content inset.
struct TransitionStartRequest: RequestType {
    typealias Response = TransitionStarted
    static let method = RequestMethod.transitionStart.rawValue
    var session: String
    var spec: TransitionSpecParams
    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        spec = try TransitionSpecParams(json: json)
    }
}

/// The result of `transition/start` and `transition/retarget`: `{transition,
/// toContentOffset, toContentSize, duration}`.
struct TransitionStarted: JSONEncodable {
    var transition: Int
    var toContentOffset: Point
    var toContentSize: Size
    var duration: Double

    init(_ t: ActiveTransition) {
        transition = t.id
        toContentOffset = t.geometry.to.contentOffset
        toContentSize = t.geometry.to.layout.contentSize
        duration = t.animator.duration
    }

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.write(transition: transition)
        w.write("toContentOffset", point: toContentOffset)
        w.write("toContentSize", size: toContentSize)
        w.writeKey("duration")
        w.write(duration)
        w.endObject()
    }
}
