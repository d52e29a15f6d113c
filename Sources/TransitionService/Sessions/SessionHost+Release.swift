import JSONRPC
import TransitionEngine

extension SessionHost {
    /// `transition/release`: the status after the decision, with `decision` and
    /// `projectedProgress`.
    func release(_ r: TransitionReleaseRequest, now: UInt64) throws(ResponseError) -> ReleaseResult
    {
        let s = try session(r.session)
        let outcome = try answeringRefusals(of: s.id) { () throws(SceneError) in
            try s.scene.release(
                at: s.time(at: now), velocity: r.velocity, threshold: r.threshold,
                duration: r.duration, curve: r.curve)
        }
        s.beginPacing(at: now)
        return ReleaseResult(status: status(s, now: now), outcome: outcome)
    }
}
