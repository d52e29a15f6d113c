import TransitionEngine
import TransitionProtocol

extension TransitionDidEnd {
    /// The didEnd of transition `transition` of `session`, which ended as `end`.
    init(session: String, transition: Int, end: TransitionEnd, contentOffset: Point, time: Double) {
        self.init(
            session: session, transition: "t\(transition)", completed: end.completed,
            finished: end.finished, reason: Reason(end.reason), progress: end.progress,
            contentOffsetX: contentOffset.x, contentOffsetY: contentOffset.y, time: time)
    }
}

extension TransitionDidEnd.Reason {
    /// The protocol's name of the engine's reason.
    init(_ reason: TransitionEndReason) {
        switch reason {
        case .finished: self = .finished
        case .cancelled: self = .cancelled
        case .cancelledInPlace: self = .cancelledInPlace
        case .retargeted: self = .retargeted
        case .superseded: self = .superseded
        case .disposed: self = .disposed
        }
    }
}
