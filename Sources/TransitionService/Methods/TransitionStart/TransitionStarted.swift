import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `transition/start` and `transition/retarget`: `{transition,
/// toContentOffset, toContentSize, duration, motion}`.
struct TransitionStarted: JSONEncodable {
    var transition: Int
    var toContentOffset: Point
    var toContentSize: Size
    var duration: Double
    /// Whether it plays reduced (`"motion": "reduced"`) or not (`"full"`).
    var reduced: Bool

    init(_ t: ActiveTransition) {
        transition = t.id
        toContentOffset = t.geometry.to.contentOffset
        toContentSize = t.geometry.to.layout.contentSize
        duration = t.animator.duration
        reduced = t.geometry.options.reducedMotion
    }

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.write(transition: transition)
        w.write("toContentOffset", point: toContentOffset)
        w.write("toContentSize", size: toContentSize)
        w.writeKey("duration")
        w.write(duration)
        w.write(motionReduced: reduced)
        w.endObject()
    }
}
