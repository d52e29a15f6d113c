/// A collection shown in a viewport, with at most one transition in flight: the engine
/// side of a session. Every event takes the time explicitly.
public struct Scene: Sendable {
    /// The layout at rest (while a transition runs: the one it started from).
    public private(set) var placed: PlacedLayout
    public private(set) var active: ActiveTransition?
    public let limits: LayoutLimits
    /// The element kinds the scene's layouts have named, with their codes.
    public private(set) var kinds = ElementKindTable()
    private var nextID = 1

    /// The phase of the transition in flight, read in place (the daemon asks on every
    /// tick, and `active.map` would copy the whole transition).
    @inlinable public var activePhase: Animator.Phase? { active?.animator.phase }

    /// Whether a transition is in flight.
    @inlinable public var isAnimating: Bool { active != nil }

    public init(
        spec: LayoutSpec, model: ItemModel, viewport: Viewport, contentOffset: Point = .zero,
        limits: LayoutLimits = LayoutLimits()
    ) throws(SceneError) {
        self.limits = limits
        let layout: PreparedLayout
        var kinds = ElementKindTable()
        do {
            try ValidationError.checkFinite(contentOffset.x, field: "contentOffset.x")
            try ValidationError.checkFinite(contentOffset.y, field: "contentOffset.y")
            layout = try spec.prepare(
                viewport: viewport, model: model, limits: limits, kinds: &kinds)
        } catch {
            throw .invalid(error)
        }
        self.kinds = kinds
        placed = PlacedLayout(layout: layout, spec: spec, viewport: viewport, contentOffset: .zero)
        placed.contentOffset = placed.clamped(contentOffset)
    }

    public var model: ItemModel { placed.layout.model }

    // MARK: At rest

    /// Sets the content offset, clamped to the scrollable range.
    public mutating func scroll(to offset: Point) throws(SceneError) -> Point {
        guard active == nil else { throw .transitionInFlight }
        do {
            try ValidationError.checkFinite(offset.x, field: "contentOffset.x")
            try ValidationError.checkFinite(offset.y, field: "contentOffset.y")
        } catch {
            throw .invalid(error)
        }
        placed.contentOffset = placed.clamped(offset)
        return placed.contentOffset
    }

    /// Changes the viewport, items or layout at rest; the offset is clamped again.
    public mutating func update(spec: LayoutSpec?, model: ItemModel?, viewport: Viewport?)
        throws(SceneError)
    {
        guard active == nil else { throw .transitionInFlight }
        guard let newSpec = spec ?? placed.spec else {
            throw .invalid(
                ValidationError(
                    field: "layout",
                    message: "the layout was frozen by cancel-in-place; give a layout"))
        }
        let vp = viewport ?? placed.viewport
        let layout: PreparedLayout
        do {
            layout = try newSpec.prepare(
                viewport: vp, model: model ?? self.model, limits: limits, kinds: &kinds)
        } catch {
            throw .invalid(error)
        }
        let offset = placed.contentOffset
        placed = PlacedLayout(layout: layout, spec: newSpec, viewport: vp, contentOffset: offset)
        placed.contentOffset = placed.clamped(offset)
    }

    // MARK: Transitions

    /// Starts a transition to `spec` (with a new item set and viewport if given). A
    /// transition already in flight ends as `superseded` and the new one starts from
    /// its current poses.
    /// - Returns: the end of a superseded transition, if any.
    public mutating func startTransition(
        to spec: LayoutSpec, model newModel: ItemModel? = nil, viewport: Viewport? = nil,
        options: TransitionOptions = .init(), timing: TransitionTiming = .init(), at time: Double
    ) throws(SceneError) -> (
        transition: ActiveTransition, superseded: (id: Int, end: TransitionEnd)?
    ) {
        let source = active.map { frozen($0, at: time) } ?? placed
        var timing = timing
        if options.reducedMotion { timing.reduce(to: options.reducedDuration) }
        let geometry = try makeTransition(
            from: source, to: spec, model: newModel ?? source.layout.model, viewport: viewport,
            options: options, timing: timing)
        var superseded: (Int, TransitionEnd)? = nil
        if var old = active {
            // An animator that already ended has nothing to supersede.
            superseded = (try? old.animator.interrupt(.superseded, at: time)).map { (old.id, $0) }
            placed = source
        }
        let started = begin(geometry, timing: timing, at: time, initialVelocity: nil)
        return (started, superseded)
    }

    /// Redirects the transition in flight to a new layout: it ends as `retargeted` and a
    /// new one starts from its current poses. With a spring, every element (and the
    /// content offset) keeps its velocity: the progress leg starts at rest and each
    /// element carries its own momentum (`CarriedMomentum`). Other curves start from the
    /// poses at their own speed.
    public mutating func retarget(
        to spec: LayoutSpec, model newModel: ItemModel? = nil, viewport: Viewport? = nil,
        options: TransitionOptions? = nil, timing: TransitionTiming? = nil, at time: Double
    ) throws(SceneError) -> (
        transition: ActiveTransition, retargeted: (id: Int, end: TransitionEnd)
    ) {
        guard var old = active else { throw .noTransition }
        let now = old.animator.sample(at: time)
        let source = frozen(old, at: time)
        var timing =
            timing
            ?? TransitionTiming(
                interactive: false,
                duration: old.animator.duration * Swift.max(0, 1 - now.progress),
                curve: old.animator.curve)
        if timing.interactive { timing.interactive = false }
        let options = options ?? old.geometry.options
        if options.reducedMotion { timing.reduce(to: options.reducedDuration) }
        var carried: CarriedMomentum? = nil
        if case .spring(let spring, _) = timing.curve {
            // Momentum is measured in the old transition's distances per second.
            let scale = Swift.abs(now.velocity) + old.animator.carryScale(at: time)
            if scale > 0 { carried = CarriedMomentum(spring: spring, scale: scale, at: time) }
        }
        let geometry = try makeTransition(
            from: source, to: spec, model: newModel ?? source.layout.model, viewport: viewport,
            options: options, timing: timing,
            carryReach: carried?.reach ?? 0)
        guard let end = try? old.animator.interrupt(.retargeted, at: time) else {
            throw .noTransition
        }
        placed = source
        let started = begin(
            geometry, timing: timing, at: time, initialVelocity: nil, carryScale: carried?.scale)
        return (started, (old.id, end))
    }

    public mutating func scrub(to progress: Double, at time: Double) throws(SceneError) {
        guard progress.isFinite else {
            throw .invalid(
                ValidationError(field: "progress", message: "must be a finite number from 0 to 1"))
        }
        try withAnimator { (a) throws(Animator.EventError) in try a.scrub(to: progress, at: time) }
    }

    /// Animates to 1. A `velocity` is never dropped: a spring starts at it, another
    /// curve takes the duration that starts at it, and when none does the event is
    /// refused naming `velocity`.
    public mutating func finish(
        at time: Double, duration: Double? = nil, curve: TimingCurve? = nil, velocity: Double? = nil
    ) throws(SceneError) {
        try animateLeg(toward: 1, at: time, duration: duration, curve: curve, velocity: velocity)
    }

    /// Animates to 0; `velocity` as for `finish`.
    public mutating func cancel(
        at time: Double, duration: Double? = nil, curve: TimingCurve? = nil, velocity: Double? = nil
    ) throws(SceneError) {
        try animateLeg(toward: 0, at: time, duration: duration, curve: curve, velocity: velocity)
    }

    /// - Parameter velocityGiven: false for a measured velocity, which a non-spring leg
    ///   that cannot start at it leaves out instead of refusing.
    mutating func animateLeg(
        toward target: Double, at time: Double, duration: Double?, curve: TimingCurve?,
        velocity: Double?,
        velocityGiven: Bool = true
    ) throws(SceneError) {
        try checkLeg(duration: duration, velocity: velocity)
        guard let current = active else { throw .noTransition }
        var duration = duration
        var velocity = velocity
        var curve = curve
        // A reduced transition's legs fade: a spring's settling and overshoot mean nothing.
        if current.geometry.options.reducedMotion, curve?.isSpring == true {
            curve = .easing(.linear)
        }
        let legCurve = curve ?? current.animator.curve
        if let v = velocity, !legCurve.isSpring, current.animator.end == nil {
            let p = current.animator.sample(at: time).progress
            if let d = Animator.duration(
                startingAt: v, from: p, to: target, curve: legCurve, duration: duration,
                fallback: Swift.abs(target - p) * current.animator.duration)
            {
                duration = d
            } else if velocityGiven {
                throw .invalid(
                    ValidationError(
                        field: "velocity",
                        message:
                            "this leg's curve cannot start at \(v) per second from progress \(p) to \(target)\(duration == nil ? "" : " in the given duration"): give a spring timing, or leave velocity out"
                    ))
            } else {
                velocity = nil
            }
        }
        try withAnimator { (a) throws(Animator.EventError) in
            if target == 1 {
                try a.finish(at: time, duration: duration, curve: curve, velocity: velocity)
            } else {
                try a.cancel(at: time, duration: duration, curve: curve, velocity: velocity)
            }
        }
    }

    /// Stops the transition where it is: its poses become the scene's layout, so the next
    /// transition starts from exactly what was on screen.
    public mutating func cancelInPlace(at time: Double) throws(SceneError) -> (
        id: Int, end: TransitionEnd
    ) {
        guard var current = active else { throw .noTransition }
        let source = frozen(current, at: time)
        guard let end = try? current.animator.cancelInPlace(at: time) else { throw .noTransition }
        placed = source
        active = nil
        return (current.id, end)
    }

    /// Ends the transition in flight, if any, as `disposed` (the session is going away).
    public mutating func dispose(at time: Double) -> (id: Int, end: TransitionEnd)? {
        guard var current = active else { return nil }
        guard let end = try? current.animator.interrupt(.disposed, at: time) else {
            active = nil
            return nil
        }
        active = nil
        return (current.id, end)
    }

    /// Moves time forward. Returns the frame to show (nil at rest) and, once per
    /// transition, its end; at the end the destination (completed) or the source
    /// (cancelled) becomes the layout.
    public mutating func advance(to time: Double) -> (
        frame: SceneFrame?, end: (id: Int, end: TransitionEnd)?
    ) {
        // In place: a copy of the transition, written back, on every tick cost more
        // than the step itself.
        guard active != nil else { return (nil, nil) }
        let step = active!.animator.advance(to: time)
        let frame = makeFrame(active!, step.sample)
        guard let end = step.end else { return (frame, nil) }
        let id = active!.id
        placed = end.completed ? active!.geometry.to : active!.geometry.from
        active = nil
        return (frame, (id, end))
    }

    /// The frame at `time` without changing anything (nil at rest).
    public func frame(at time: Double) -> SceneFrame? {
        active.map { makeFrame($0, $0.animator.sample(at: time)) }
    }

    // MARK: Helpers

    private func makeFrame(_ t: ActiveTransition, _ sample: AnimatorSample) -> SceneFrame {
        SceneFrame(
            transitionID: t.id, sample: sample,
            contentOffset: t.geometry.contentOffset(at: sample.progress, carry: sample.carry),
            visibleRect: t.geometry.visibleRect(at: sample.progress, carry: sample.carry),
            geometry: t.geometry)
    }

    /// The poses of `t` at `time` as a placed layout (stored when `t` started from
    /// frozen poses itself, so that chains stay bounded).
    private func frozen(_ t: ActiveTransition, at time: Double) -> PlacedLayout {
        let s = t.animator.sample(at: time)
        let p = s.progress
        return PlacedLayout(
            layout: .frozen(
                FrozenLayout(
                    transition: t.geometry, progress: p, carry: s.carry, velocity: s.velocity,
                    carryRate: s.carryRate
                ).bounded()),
            spec: nil, viewport: t.geometry.viewport(at: p),
            contentOffset: t.geometry.contentOffset(at: p, carry: s.carry),
            accessory: t.geometry.accessory(at: p))
    }

    private mutating func makeTransition(
        from source: PlacedLayout, to spec: LayoutSpec, model: ItemModel, viewport: Viewport?,
        options: TransitionOptions, timing: TransitionTiming, carryReach: Double = 0
    ) throws(SceneError) -> Transition {
        // A transition that is refused names no new kind.
        let known = kinds
        do {
            if options.reducedMotion {
                try ValidationError.checkPositive(options.reducedDuration, field: "reducedDuration")
            }
            if let d = timing.duration {
                try ValidationError.checkNonNegative(d, field: "duration")
            }
            if let s = options.stagger {
                try ValidationError.checkNonNegative(s.delay, field: "stagger.delay")
            }
            let vp = viewport ?? source.viewport
            let layout = try spec.prepare(
                viewport: vp, model: model, limits: limits, kinds: &kinds, field: "to")
            let destination = PlacedLayout(
                layout: layout, spec: spec, viewport: vp, contentOffset: .zero)
            return try Transition(
                from: source, to: destination, options: options, duration: timing.resolvedDuration,
                allowBanding: true, carryReach: carryReach, kinds: kinds)
        } catch {
            kinds = known
            throw .invalid(error)
        }
    }

    private mutating func begin(
        _ geometry: Transition, timing: TransitionTiming, at time: Double, initialVelocity: Double?,
        carryScale: Double? = nil
    ) -> ActiveTransition {
        let animator =
            timing.interactive
            ? Animator(interactiveWith: timing.curve, duration: timing.resolvedDuration)
            : Animator(
                animatedWith: timing.curve, duration: timing.resolvedDuration, at: time,
                initialVelocity: initialVelocity, carryScale: carryScale)
        let started = ActiveTransition(id: nextID, geometry: geometry, animator: animator)
        nextID += 1
        active = started
        return started
    }

    func checkLeg(duration: Double?, velocity: Double?) throws(SceneError) {
        do {
            if let d = duration { try ValidationError.checkNonNegative(d, field: "duration") }
            if let v = velocity { try ValidationError.checkFinite(v, field: "velocity") }
        } catch {
            throw .invalid(error)
        }
    }

    private mutating func withAnimator(_ body: (inout Animator) throws(Animator.EventError) -> Void)
        throws(SceneError)
    {
        guard var current = active else { throw .noTransition }
        do {
            try body(&current.animator)
        } catch {
            // Exhaustive, so that a new kind of refusal is mapped on purpose.
            switch error {
            case .ended: throw .noTransition  // it ended: none is in flight any more
            }
        }
        active = current
    }
}
