import JSONRPC
import TransitionEngine
import TransitionProtocol

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
