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
