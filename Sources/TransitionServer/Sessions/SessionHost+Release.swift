import JSONRPC
import TransitionEngine

extension SessionHost {
    /// `transition/release`: the status after the decision, with `decision` and
    /// `projectedProgress`.
    func release(_ r: TransitionReleaseRequest, now: UInt64) throws(ResponseError) -> JSONValue {
        let s = try session(r.session)
        let outcome: ReleaseOutcome
        do {
            outcome = try s.scene.release(
                at: s.time(at: now), velocity: r.velocity, threshold: r.threshold,
                duration: r.duration, curve: r.curve)
        } catch {
            throw .scene(error, session: s.id)
        }
        s.beginPacing(at: now)
        guard case .object(var members) = status(s, now: now) else { return status(s, now: now) }
        members.updateValue(.string(outcome.decision.rawValue), forKey: "decision")
        members.updateValue(.double(outcome.projectedProgress), forKey: "projectedProgress")
        return .object(members)
    }
}
