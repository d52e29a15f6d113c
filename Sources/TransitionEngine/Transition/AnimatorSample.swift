/// The animator's state at one moment.
public struct AnimatorSample: Hashable, Sendable {
    public var time: Double
    /// The elapsed share of the current animation segment's duration (0 while paused).
    public var fraction: Double
    /// The eased progress: 0 the source, 1 the destination.
    public var progress: Double
    /// d(progress)/d(seconds).
    public var velocity: Double
    /// Seconds of carried momentum: each element carried in from a retarget is displaced
    /// by its velocity at the retarget times this (0 without carried momentum).
    public var carry: Double
    /// d(carry)/d(seconds): 1 at the retarget, 0 once settled.
    public var carryRate: Double

    public init(
        time: Double, fraction: Double, progress: Double, velocity: Double, carry: Double = 0,
        carryRate: Double = 0
    ) {
        self.time = time
        self.fraction = fraction
        self.progress = progress
        self.velocity = velocity
        self.carry = carry
        self.carryRate = carryRate
    }
}
