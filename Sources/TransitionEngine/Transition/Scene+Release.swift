extension Scene {
    /// Seconds of velocity a release projects: UIScrollView's normal deceleration rate
    /// 0.998 per millisecond comes to rest after v * 0.998 / (1 - 0.998) / 1000 = 0.499 v
    /// (Apple's "Designing Fluid Interfaces").
    public static let releaseProjection = 0.499

    /// The leg of a release unless told otherwise: SwiftUI's default spring.
    public static let releaseSpring = TimingCurve.spring(
        Spring(response: 0.55, dampingFraction: 0.825), initialVelocity: 0)

    /// Ends an interactive gesture as UIKit users decide it: from where the motion would
    /// come to rest. At or past `threshold` the transition finishes, else it cancels; the
    /// leg (a spring unless `curve` says otherwise) starts at the release velocity.
    /// - Parameter velocity: progress per second; by default measured as `finish` does
    ///   (the running leg's, or the speed of the last two recent scrubs).
    public mutating func release(
        at time: Double, velocity: Double? = nil, threshold: Double = 0.5, duration: Double? = nil,
        curve: TimingCurve? = nil
    ) throws(SceneError) -> ReleaseOutcome {
        guard let current = active, current.animator.end == nil else { throw .noTransition }
        do {
            try ValidationError.checkFinite(threshold, field: "threshold")
        } catch {
            throw .invalid(error)
        }
        try checkLeg(duration: duration, velocity: velocity)
        let progress = current.animator.sample(at: time).progress
        let v = velocity ?? current.animator.currentVelocity(at: time)
        let projected = progress + v * Scene.releaseProjection
        let decision: ReleaseDecision = projected >= threshold ? .finish : .cancel
        try animateLeg(
            toward: decision == .finish ? 1 : 0, at: time, duration: duration,
            curve: curve ?? Scene.releaseSpring,
            velocity: v, velocityGiven: velocity != nil)
        return ReleaseOutcome(decision: decision, projectedProgress: projected, velocity: v)
    }
}
