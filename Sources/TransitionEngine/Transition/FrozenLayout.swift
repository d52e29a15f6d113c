/// The poses of a transition frozen at one progress: what cancel-in-place leaves on
/// screen, and the layout the next transition starts from.
///
/// It keeps the source's items (elements new to the destination are left out) and
/// stores nothing per element: queries ask the transition.
public struct FrozenLayout: Layout {
    public let transition: Transition
    public let progress: Double
    /// Seconds of carried momentum at that moment (see `AnimatorSample.carry`).
    public let carry: Double
    /// How the poses were moving when frozen: progress per second, and the rate of
    /// `carry`; what a retarget carries on.
    public let velocity: Double
    public let carryRate: Double

    public init(
        transition: Transition, progress: Double, carry: Double = 0, velocity: Double = 0,
        carryRate: Double = 0
    ) {
        self.transition = transition
        self.progress = Swift.min(
            Swift.max(progress, Transition.progressLimits.lowerBound),
            Transition.progressLimits.upperBound)
        self.carry = carry
        self.velocity = velocity
        self.carryRate = carryRate
    }

    /// The velocity of the element with this key at the moment frozen.
    public func velocity(of key: ElementKey) -> FrameVelocity {
        transition.elementVelocity(
            ofSource: key, at: progress, velocity: velocity, carryRate: carryRate)
    }

    /// The content offset's velocity at the moment frozen.
    public var contentOffsetVelocity: Point {
        transition.contentOffsetVelocity(at: progress, velocity: velocity, carryRate: carryRate)
    }

    public var contentSize: Size { transition.contentSize(at: progress) }
    public var model: ItemModel { transition.from.layout.model }
    public var scrollAxis: Axis { transition.from.layout.scrollAxis }
    public var stateName: String {
        progress > 0 ? transition.to.layout.stateName : transition.from.layout.stateName
    }

    public func attributes(at key: ElementKey) -> LayoutAttributes? {
        transition.attributes(of: key, inSource: true, at: progress, carry: carry).map(
            FrozenLayout.atRest)
    }

    public func forEachAttributes(in rect: Rect, limit: Int, _ body: (LayoutAttributes) -> Void)
        -> Bool
    {
        transition.forEachAttributes(
            at: progress, carry: carry, in: rect, sourceOnly: true, limit: limit
        ) {
            body(FrozenLayout.atRest($0))
        }
    }

    /// At rest nothing is in flight: no transition progress, no next frame, no content
    /// layers. Poses, alpha, transforms, shapes and custom values keep their frozen values.
    static func atRest(_ a: LayoutAttributes) -> LayoutAttributes {
        var a = a
        a.transitionProgress = 0
        a.nextFrame = nil
        if let shape = a.shape, shape.content != nil { a.shape = shape.with(content: nil) }
        return a
    }
}
