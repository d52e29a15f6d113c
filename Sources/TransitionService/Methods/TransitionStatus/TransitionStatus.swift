import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `transition/status`, also of scrub, finish and cancel.
struct TransitionStatus: JSONEncodable {
    /// The frame of the transition in flight; nil at rest.
    struct InFlight {
        var state: String
        var transition: Int
        var sample: AnimatorSample
        /// Whether the transition plays reduced (`motion`).
        var reduced: Bool
    }

    var session: String
    var time: Double
    /// The session's rate (`clock/setRate`).
    var rate: Double
    var contentOffset: Point
    /// The accessory values at rest or at this frame.
    var accessory: [CustomValue]
    var inFlight: InFlight?

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        writeMembers(to: &w)
        w.endObject()
    }

    /// The members without the braces (`transition/release` adds its own after them).
    func writeMembers(to w: inout JSONByteWriter) {
        w.writeKey("session")
        w.write(session)
        w.writeKey("state")
        guard let inFlight else {
            w.write("idle")
            w.writeKey("time")
            w.write(time)
            w.writeKey("rate")
            w.write(rate)
            w.write("contentOffset", point: contentOffset)
            w.write(accessory: accessory)
            return
        }
        w.write(inFlight.state)
        w.write(transition: inFlight.transition)
        w.write(motionReduced: inFlight.reduced)
        w.writeKey("time")
        w.write(time)
        w.writeKey("rate")
        w.write(rate)
        w.writeKey("fraction")
        w.write(inFlight.sample.fraction)
        w.writeKey("progress")
        w.write(inFlight.sample.progress)
        w.writeKey("velocity")
        w.write(inFlight.sample.velocity)
        w.write("contentOffset", point: contentOffset)
        w.write(accessory: accessory)
    }
}
