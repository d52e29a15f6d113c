/// Why a transition ended.
public enum TransitionEndReason: String, Hashable, Sendable, CaseIterable {
    /// It reached the destination.
    case finished
    /// It animated back to the source.
    case cancelled
    /// It stopped where it was; the frozen poses became the layout.
    case cancelledInPlace
    /// A retarget replaced it with a transition from its current poses.
    case retargeted
    /// A new transition started while it was in flight.
    case superseded
    /// Its session was disposed.
    case disposed
}

/// The one end event of a transition.
public struct TransitionEnd: Hashable, Sendable {
    /// The destination layout is now the layout (UIKit's `completed`).
    public var completed: Bool
    /// The animation ran to its end rather than being interrupted (UIKit's `finished`).
    public var finished: Bool
    public var reason: TransitionEndReason
    /// The progress at the end.
    public var progress: Double

    public init(reason: TransitionEndReason, progress: Double) {
        self.reason = reason
        self.progress = progress
        completed = reason == .finished
        finished = reason == .finished || reason == .cancelled
    }
}

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
        time: Double, fraction: Double, progress: Double, velocity: Double, carry: Double = 0, carryRate: Double = 0
    ) {
        self.time = time
        self.fraction = fraction
        self.progress = progress
        self.velocity = velocity
        self.carry = carry
        self.carryRate = carryRate
    }
}
