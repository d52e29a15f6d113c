import JSONRPC
import TransitionEngine

/// The params of `transition/tick` (also the result of `clock/advance`).
struct TickPayload: JSONEncodable {
    var session: String
    var transition: Int
    var seq: Int
    var time: Double
    var sample: AnimatorSample
    var contentOffset: Point
    var accessory: [CustomValue]
    var attributes: AttributeColumns
    var format: AttributeFormat
    /// The session's kinds, naming the elements'.
    var kinds: ElementKindTable
    /// More elements were visible than a tick carries.
    var truncated = false
    /// The texts of doubles the ticks before wrote, for this one to copy.
    var doubleTexts: DoubleTexts? = nil

    /// Room enough for the encoded tick as a rule (compact attributes take about 120
    /// bytes, objects about 260): a writer that has to grow copies what it holds.
    var expectedByteCount: Int {
        256 + attributes.count * (format.encoding == .objects ? 300 : 136)
    }

    func encode(to w: inout JSONByteWriter) {
        encode(to: &w) { w in
            if let doubleTexts {
                w.withDoubleTexts(doubleTexts) { w in
                    AttributeWriter.write(attributes, format: format, kinds: kinds, to: &w)
                }
            } else {
                AttributeWriter.write(attributes, format: format, kinds: kinds, to: &w)
            }
        }
    }

    /// The params with `writeAttributes` writing the value of `attributes` (a binary
    /// frame's header describes its columns there).
    func encode(
        to w: inout JSONByteWriter, attributes writeAttributes: (inout JSONByteWriter) -> Void
    ) {
        w.beginObject()
        writeSessionAndTransition(to: &w)
        if truncated {
            w.writeKey("truncated")
            w.write(true)
        }
        w.write(accessory: accessory)
        writeMoment(to: &w)
        w.writeKey("velocity")
        w.write(sample.velocity)
        w.writeKey("contentOffset")
        PointPayload(point: contentOffset, decimals: format.decimals).encode(to: &w)
        w.writeKey("attributes")
        writeAttributes(&w)
        w.endObject()
    }

    /// The tick without its attributes: `{session, transition, seq, time, fraction,
    /// progress}` (the `clock/advance` result with `"reply": "brief"`).
    func encodeBrief(to w: inout JSONByteWriter) {
        w.beginObject()
        writeSessionAndTransition(to: &w)
        writeMoment(to: &w)
        w.endObject()
    }

    private func writeSessionAndTransition(to w: inout JSONByteWriter) {
        w.writeKey("session")
        w.write(session)
        w.writeKey("transition")
        w.write("t\(transition)")
    }

    /// Which tick, and where in the transition.
    private func writeMoment(to w: inout JSONByteWriter) {
        w.writeKey("seq")
        w.write(seq)
        w.writeKey("time")
        w.write(time)
        w.writeKey("fraction")
        w.write(sample.fraction)
        w.writeKey("progress")
        w.write(sample.progress)
    }
}
