import JSONRPC
import TransitionEngine

extension SessionHost {
    /// `transition/release`: the status after the decision, with `decision` and
    /// `projectedProgress`.
    func release(_ r: TransitionReleaseRequest, now: UInt64) throws(ResponseError) -> ReleaseResult
    {
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
        return ReleaseResult(status: status(s, now: now), outcome: outcome)
    }
}
