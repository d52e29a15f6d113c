import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The result of `transition/release`: the status after the decision, then the
/// decision.
struct ReleaseResult: JSONEncodable {
    var status: TransitionStatus
    var outcome: ReleaseOutcome

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        status.writeMembers(to: &w)
        w.writeKey("decision")
        w.write(outcome.decision.rawValue)
        w.writeKey("projectedProgress")
        w.write(outcome.projectedProgress)
        w.endObject()
    }
}
