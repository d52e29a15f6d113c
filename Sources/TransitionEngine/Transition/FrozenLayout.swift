/// The poses of a transition frozen at one progress: what cancel-in-place leaves on
/// screen, and the layout the next transition starts from.
///
/// It keeps the source's items (elements new to the destination are left out) and
/// stores nothing per element: queries ask the transition.
public struct FrozenLayout: Layout {
    public let transition: Transition
    public let progress: Double

    public init(transition: Transition, progress: Double) {
        self.transition = transition
        self.progress = Swift.min(
            Swift.max(progress, Transition.progressLimits.lowerBound),
            Transition.progressLimits.upperBound)
    }

    public var contentSize: Size { transition.contentSize(at: progress) }
    public var model: ItemModel { transition.from.layout.model }
    public var scrollAxis: Axis { transition.from.layout.scrollAxis }
    public var stateName: String {
        progress > 0 ? transition.to.layout.stateName : transition.from.layout.stateName
    }

    public func attributes(at key: ElementKey) -> LayoutAttributes? {
        transition.attributes(of: key, inSource: true, at: progress).map(FrozenLayout.atRest)
    }

    public func forEachAttributes(in rect: Rect, limit: Int, _ body: (LayoutAttributes) -> Void) -> Bool {
        transition.forEachAttributes(at: progress, in: rect, sourceOnly: true, limit: limit) {
            body(FrozenLayout.atRest($0))
        }
    }

    /// At rest nothing is in flight: no transition progress, no next frame. Poses, alpha,
    /// transforms and custom values keep their frozen values.
    static func atRest(_ a: LayoutAttributes) -> LayoutAttributes {
        var a = a
        a.transitionProgress = 0
        a.nextFrame = nil
        return a
    }
}
