/// The geometry of one transition: two placed layouts, how their elements pair up, and
/// where every element is at any progress. Pure and immutable; the `Animator` says
/// which progress it is.
///
/// Progress p is the eased progress: 0 is the source exactly, 1 the destination
/// exactly; values outside 0...1 (overshooting curves, springs) extrapolate frames and
/// the content offset.
public struct Transition: Sendable {
    /// Everything, behind one reference: a transition is copied into every frame and
    /// every tick's scene state, and copying some twenty references (and retaining
    /// each) cost more per tick than the frame's own arithmetic. Immutable, so sharing
    /// keeps value semantics.
    private final class Parts: Sendable {
        let from: PlacedLayout
        let to: PlacedLayout
        let options: TransitionOptions
        let matcher: ElementMatcher
        let banded: (from: SectionedLayout, to: SectionedLayout)?
        let cellBase: [Int]
        let listed: [ElementPair]
        let listedIndex: IntervalIndex
        let stagger: StaggerPlan?
        let carrier: FrozenLayout?
        let offsetCarry: Point
        let keyframePlan: KeyframePlan?
        let arcReference: Double

        init(
            from: PlacedLayout, to: PlacedLayout, options: TransitionOptions,
            matcher: ElementMatcher,
            banded: (from: SectionedLayout, to: SectionedLayout)?, cellBase: [Int],
            listed: [ElementPair],
            listedIndex: IntervalIndex, stagger: StaggerPlan?, carrier: FrozenLayout?,
            offsetCarry: Point, keyframePlan: KeyframePlan?, arcReference: Double
        ) {
            self.keyframePlan = keyframePlan
            self.arcReference = arcReference
            self.from = from
            self.to = to
            self.options = options
            self.matcher = matcher
            self.banded = banded
            self.cellBase = cellBase
            self.listed = listed
            self.listedIndex = listedIndex
            self.stagger = stagger
            self.carrier = carrier
            self.offsetCarry = offsetCarry
        }
    }

    private let parts: Parts

    public var from: PlacedLayout { parts.from }
    /// The destination, with the target content offset.
    public var to: PlacedLayout { parts.to }
    public var options: TransitionOptions { parts.options }
    var matcher: ElementMatcher { parts.matcher }
    /// Cells are found by binary search over their bands (same items, flow-like layouts
    /// on the same axis); otherwise every element is in `listed`.
    var banded: (from: SectionedLayout, to: SectionedLayout)? { parts.banded }
    var bandedCells: Bool { parts.banded != nil }
    /// Global index of each section's first cell (of the source model).
    var cellBase: [Int] { parts.cellBase }
    /// Elements found through the interval index: headers and footers when cells are
    /// banded, every element otherwise.
    var listed: [ElementPair] { parts.listed }
    var listedIndex: IntervalIndex { parts.listedIndex }
    var stagger: StaggerPlan? { parts.stagger }
    /// The frozen source whose elements carry their momentum into this transition (a
    /// retarget with a spring): each is displaced by its velocity times the sample's
    /// `carry`. Nil when nothing is carried.
    var carrier: FrozenLayout? { parts.carrier }
    /// The content offset's velocity at the retarget, carried the same way.
    var offsetCarry: Point { parts.offsetCarry }
    /// The keyframes resolved against the source; nil without keyframes.
    var keyframePlan: KeyframePlan? { parts.keyframePlan }
    /// The diagonal of the source viewport, which scales arcs down (`ArcPath`).
    var arcReference: Double { parts.arcReference }

    /// The most elements (both sides together) a transition may list and index, when its
    /// cells cannot be found by bands.
    public static let maximumListedElements = 2_000_000

    static func elementCount(_ model: ItemModel) -> Int {
        model.totalCount + 2 * model.sections.count
    }

    /// At most how many elements `layout` has: cells, headers, footers and the
    /// supplementary elements it attaches or places.
    static func elementCount(_ layout: PreparedLayout) -> Int {
        let model = layout.model
        var count = elementCount(model)
        switch layout {
        case .sectioned(let sectioned):
            count += sectioned.sectionAttachments.count * model.sections.count
            for a in sectioned.itemAttachments { count += a.items?.count ?? model.totalCount }
        case .explicit(let explicit):
            count += explicit.supplementary.count
        case .frozen:
            break
        }
        return count
    }

    /// The progress range the listed index covers exactly; beyond it progress is clamped.
    public static let progressLimits: ClosedRange<Double> = -1...2

    /// Prepares a transition from `from` to `to` (whose content offset is ignored: the
    /// target comes from `options.contentOffset`).
    /// - Parameter duration: the nominal duration in seconds, which stagger delays are a
    ///   share of.
    public init(
        from: PlacedLayout, to destination: PlacedLayout, options: TransitionOptions = .init(),
        duration: Double = 0.3, kinds: ElementKindTable = ElementKindTable()
    ) throws(ValidationError) {
        try self.init(
            from: from, to: destination, options: options, duration: duration, allowBanding: true,
            kinds: kinds)
    }

    /// - Parameters:
    ///   - allowBanding: false lists every element (tests compare both paths).
    ///   - carryReach: above 0, the elements of a frozen source carry their momentum,
    ///     and `carry` never exceeds this many seconds (`CarriedMomentum.reach`).
    ///   - kinds: the names of element kinds keyframes may name.
    init(
        from: PlacedLayout, to destination: PlacedLayout, options: TransitionOptions,
        duration: Double, allowBanding: Bool, carryReach: Double = 0,
        kinds: ElementKindTable = ElementKindTable()
    ) throws(ValidationError) {
        if case .arc(let path) = options.path { try path.validate(field: "path") }
        var keyframePlan =
            options.keyframes.isEmpty
            ? nil : try KeyframePlan(options.keyframes, model: from.layout.model, kinds: kinds)
        var options = options
        if options.reducedMotion {
            // Checked like any transition's, then ignored: nothing moves in between.
            options.keyframes = []
            options.path = .straight
            keyframePlan = nil
        }
        let size = from.viewport.size
        let arcReference = (size.width * size.width + size.height * size.height).squareRoot()
        // Bent paths leave the bands cells sweep: every element is listed, its extent bent too.
        let bends = options.path != .straight || (keyframePlan?.offsetReach ?? 0) > 0
        let carrier = carryReach > 0 ? from.layout.frozen : nil
        let matcher = ElementMatcher(from: from.layout.model, to: destination.layout.model)
        var to = destination
        to.contentOffset = try Transition.targetOffset(
            from: from, to: destination, target: options.contentOffset, matcher: matcher)
        let banded: (from: SectionedLayout, to: SectionedLayout)?
        if allowBanding, !bends, carrier == nil, matcher.identical, let a = from.layout.sectioned,
            let b = to.layout.sectioned, a.scrollAxis == b.scrollAxis
        {
            banded = (a, b)
        } else {
            banded = nil
        }
        var base: [Int] = []
        var total = 0
        for section in from.layout.model.sections {
            base.append(total)
            total += section.count
        }
        if banded == nil {
            // Without bands every element is listed and indexed once: bound that work.
            let count = Transition.elementCount(from.layout) + Transition.elementCount(to.layout)
            guard count <= Transition.maximumListedElements else {
                throw ValidationError(
                    field: "to",
                    message:
                        "this transition must index all \(count) elements (the two sides differ in items or kind, it starts from a cancelled-in-place layout, or it has offset keyframes or an arc path); at most \(Transition.maximumListedElements) are allowed: keep the items and use flow-like layouts, or session/update to a layout first",
                    limit: Transition.maximumListedElements)
            }
        }
        let built = Transition.listElements(
            from: from.layout, to: to.layout, matcher: matcher, cellsToo: banded == nil,
            carry: carrier.map { ($0, carryReach) },
            bend: bends
                ? ElementBend(
                    path: options.path, reference: arcReference,
                    offsetReach: keyframePlan?.offsetReach ?? 0) : nil)
        let stagger = options.stagger.map {
            StaggerPlan(
                $0, from: from, to: to.layout, matcher: matcher, cellBase: base,
                duration: duration)
        }
        parts = Parts(
            from: from, to: to, options: options, matcher: matcher, banded: banded, cellBase: base,
            listed: built.pairs, listedIndex: built.index, stagger: stagger, carrier: carrier,
            offsetCarry: carrier?.contentOffsetVelocity ?? .zero, keyframePlan: keyframePlan,
            arcReference: arcReference)
    }

    // MARK: Content offset, viewport, content size

    /// The content offset at progress p: (1 - p) from + p to, plus the carried
    /// momentum (`carry` seconds of the offset's velocity at a retarget).
    public func contentOffset(at p: Double, carry k: Double = 0) -> Point {
        let p = motionProgress(p)
        return Point(
            x: lerp(from.contentOffset.x, to.contentOffset.x, p) + offsetCarry.x * k,
            y: lerp(from.contentOffset.y, to.contentOffset.y, p) + offsetCarry.y * k)
    }

    /// The content offset's velocity at progress p moving at `velocity` per second.
    func contentOffsetVelocity(at p: Double, velocity v: Double, carryRate r: Double) -> Point {
        Point(
            x: (to.contentOffset.x - from.contentOffset.x) * v + offsetCarry.x * r,
            y: (to.contentOffset.y - from.contentOffset.y) * v + offsetCarry.y * r)
    }

    /// The viewport at progress p: size (never below 0) and inset interpolated.
    public func viewport(at p: Double) -> Viewport {
        let p = motionProgress(p)
        let a = from.viewport
        let b = to.viewport
        return Viewport(
            size: Size(
                width: Swift.max(0, lerp(a.size.width, b.size.width, p)),
                height: Swift.max(0, lerp(a.size.height, b.size.height, p))),
            contentInset: EdgeInsets(
                top: lerp(a.contentInset.top, b.contentInset.top, p),
                left: lerp(a.contentInset.left, b.contentInset.left, p),
                bottom: lerp(a.contentInset.bottom, b.contentInset.bottom, p),
                right: lerp(a.contentInset.right, b.contentInset.right, p)))
    }

    /// The visible rect at progress p: it follows the interpolated offset and viewport.
    public func visibleRect(at p: Double, carry k: Double = 0) -> Rect {
        Rect(origin: contentOffset(at: p, carry: k), size: viewport(at: p).size)
    }

    /// The content size at progress p (never below 0).
    public func contentSize(at p: Double) -> Size {
        let p = motionProgress(p)
        let a = from.layout.contentSize
        let b = to.layout.contentSize
        return Size(
            width: Swift.max(0, lerp(a.width, b.width, p)),
            height: Swift.max(0, lerp(a.height, b.height, p)))
    }

    /// The progress the content offset, viewport and content size follow: p, or with
    /// reduced motion the source's below 0.5 and the destination's from 0.5.
    @inline(__always)
    func motionProgress(_ p: Double) -> Double {
        guard options.reducedMotion else { return p }
        return p < Transition.reducedSwitch ? 0 : 1
    }

    /// The element progress at which a reduced element switches to its destination.
    public static let reducedSwitch = 0.5

    /// The session's accessory values at progress p (interpolated by name like cell values).
    public func accessory(at p: Double) -> [CustomValue] {
        if p == 0 { return from.accessory }
        if p == 1 { return to.accessory }
        return interpolateValues(from.accessory, to.accessory, p)
    }

    /// The progress of one element, given its stagger window.
    @inline(__always)
    func elementProgress(_ p: Double, window: (start: Double, end: Double)?) -> Double {
        guard let w = window, p >= 0, p <= 1 else { return p }
        return convertToWindow(p, start: w.start, end: w.end)
    }

    /// d(element progress)/dp: 1 without a window or outside 0...1, 1 / (end - start)
    /// inside the window, 0 before or after it.
    func elementProgressSlope(_ p: Double, window: (start: Double, end: Double)?) -> Double {
        guard let w = window, p >= 0, p <= 1 else { return 1 }
        let s = Swift.min(Swift.max(w.start, 0), 1)
        let e = Swift.min(Swift.max(w.end, 0), 1)
        guard e > s, p > s, p < e else { return 0 }
        return 1 / (e - s)
    }

    /// The velocity of a source element at progress p, moving at `velocity` progress per
    /// second while carried momentum changes at `carryRate`.
    func elementVelocity(
        ofSource key: ElementKey, at p: Double, velocity v: Double, carryRate r: Double
    )
        -> FrameVelocity
    {
        guard let a = from.layout.attributes(at: key) else { return .zero }
        var result = FrameVelocity.zero
        if let b = matcher.destination(of: key).flatMap({ to.layout.attributes(at: $0) }) {
            let window = stagger?.window(from: a, to: b, transition: self)
            let rate = elementProgressSlope(p, window: window) * v
            let q = elementProgress(p, window: window)
            let slope = centreSlope(a.frame, b.frame, q, stops: keyframes(for: key))
            result.centerX = slope.x * rate
            result.centerY = slope.y * rate
            // A size held at 0 does not move.
            if lerp(a.frame.size.width, b.frame.size.width, q) > 0 {
                result.width = (b.frame.size.width - a.frame.size.width) * rate
            }
            if lerp(a.frame.size.height, b.frame.size.height, q) > 0 {
                result.height = (b.frame.size.height - a.frame.size.height) * rate
            }
        }
        if r != 0, let carrier { result = carrier.velocity(of: key).scaled(r, plus: result) }
        return result
    }
}
