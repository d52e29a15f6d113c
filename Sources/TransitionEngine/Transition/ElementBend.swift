/// How far a bent path (an arc, keyframe offsets) can take an element from the straight
/// line, for indexing elements by their extent over `Transition.progressLimits`.
struct ElementBend: Sendable {
    let path: MotionPath
    /// The diagonal of the source viewport (`ArcPath`).
    let reference: Double
    /// The most keyframe offsets move a centre along either axis.
    let offsetReach: Double

    /// The extent along `axis` of an element moving from frame a to frame b, over the
    /// progress limits: its arc (or straight line) widened by half its largest size and
    /// by the offsets' reach.
    func extent(from a: Rect, to b: Rect, along axis: Axis) -> (low: Double, high: Double) {
        let limits = Transition.progressLimits
        let low = Transition.interpolateFrame(a, b, limits.lowerBound)
        let high = Transition.interpolateFrame(a, b, limits.upperBound)
        let half = Swift.max(low.size[axis], high.size[axis], a.size[axis], b.size[axis]) / 2
        var centres = (
            low: Swift.min(low.center[axis], high.center[axis]),
            high: Swift.max(low.center[axis], high.center[axis])
        )
        if case .arc(let arc) = path,
            let element = arc.arc(from: a.center, to: b.center, reference: reference)
        {
            centres = element.extent(
                along: axis, low: limits.lowerBound, high: limits.upperBound)
        }
        return (centres.low - half - offsetReach, centres.high + half + offsetReach)
    }
}
