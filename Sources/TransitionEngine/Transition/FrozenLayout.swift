/// The poses of a transition frozen at one progress: what cancel-in-place leaves on
/// screen, and the layout the next transition starts from.
///
/// It keeps the source's items (elements new to the destination are left out) and
/// stores nothing per element: queries ask the transition. When that transition itself
/// started from a frozen layout (a chain of superseding starts, retargets or cancels in
/// place), `bounded()` stores the poses instead (`FrozenPoses`), so that no query passes
/// through more than `maximumChainDepth` transitions and no chain is retained.
public struct FrozenLayout: Layout {
    /// The transition the poses are read from, or (once they are stored) nil and the
    /// stored poses. Two optional references rather than an enum of them: a frozen
    /// layout is copied with every prepared layout, and so stays two retains.
    public let transition: Transition?
    private let stored: FrozenPoses?
    public let progress: Double
    /// Seconds of carried momentum at that moment (see `AnimatorSample.carry`).
    public let carry: Double
    /// How the poses were moving when frozen: progress per second, and the rate of
    /// `carry`; what a retarget carries on.
    public let velocity: Double
    public let carryRate: Double

    /// How many transitions a query passes through: 1 plus the source's when the poses
    /// are read from a transition, 0 once they are stored.
    public var chainDepth: Int {
        guard let transition else { return 0 }
        return 1 + (transition.from.layout.frozen?.chainDepth ?? 0)
    }

    /// The most transitions a query of a frozen layout passes through after `bounded()`.
    public static let maximumChainDepth = 1

    public init(
        transition: Transition, progress: Double, carry: Double = 0, velocity: Double = 0,
        carryRate: Double = 0
    ) {
        self.transition = transition
        stored = nil
        self.progress = Swift.min(
            Swift.max(progress, Transition.progressLimits.lowerBound),
            Transition.progressLimits.upperBound)
        self.carry = carry
        self.velocity = velocity
        self.carryRate = carryRate
    }

    private init(storing layout: FrozenLayout) {
        transition = nil
        stored = FrozenPoses(layout)
        progress = layout.progress
        carry = layout.carry
        velocity = layout.velocity
        carryRate = layout.carryRate
    }

    /// This layout, or one that stores its poses when a query would pass through more
    /// than `maximumChainDepth` transitions. Both answer every query alike.
    /// - Complexity: O(n log n) for n elements when it stores them, else O(1).
    public func bounded() -> FrozenLayout {
        chainDepth > FrozenLayout.maximumChainDepth ? FrozenLayout(storing: self) : self
    }

    /// The velocity of the element with this key at the moment frozen.
    // Out of line (and the offset's below): a transition's set-up asks for them in
    // several places, and a copy of both paths in each is what the module can spare least.
    @inline(never)
    public func velocity(of key: ElementKey) -> FrameVelocity {
        if let s = stored { return s.position(of: key).map { s.velocities[$0] } ?? .zero }
        return transition!.elementVelocity(
            ofSource: key, at: progress, velocity: velocity, carryRate: carryRate)
    }

    /// The content offset's velocity at the moment frozen.
    public var contentOffsetVelocity: Point {
        @inline(never) get {
            if let s = stored { return s.contentOffsetVelocity }
            return transition!.contentOffsetVelocity(
                at: progress, velocity: velocity, carryRate: carryRate)
        }
    }

    public var contentSize: Size {
        if let s = stored { return s.contentSize }
        return transition!.contentSize(at: progress)
    }

    public var model: ItemModel {
        if let s = stored { return s.model }
        return transition!.from.layout.model
    }

    public var scrollAxis: Axis {
        if let s = stored { return s.scrollAxis }
        return transition!.from.layout.scrollAxis
    }

    public var stateName: String {
        if let s = stored { return s.stateName }
        let t = transition!
        return progress > 0 ? t.to.layout.stateName : t.from.layout.stateName
    }

    public func attributes(at key: ElementKey) -> LayoutAttributes? {
        if let s = stored { return s.position(of: key).map { s.poses[$0] } }
        return transition!.attributes(of: key, inSource: true, at: progress, carry: carry).map(
            FrozenLayout.atRest)
    }

    public func forEachAttributes(in rect: Rect, limit: Int, _ body: (LayoutAttributes) -> Void)
        -> Bool
    {
        if let s = stored { return s.forEachAttributes(in: rect, limit: limit, body) }
        return transition!.forEachAttributes(
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
