/// What `Scene.release` decided.
public struct ReleaseOutcome: Hashable, Sendable {
    public var decision: ReleaseDecision
    /// Where the progress would come to rest: progress + velocity * `releaseProjection`.
    public var projectedProgress: Double
    /// The release velocity, in progress per second (given or measured).
    public var velocity: Double
}
