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
