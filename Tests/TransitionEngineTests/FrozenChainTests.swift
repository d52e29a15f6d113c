import Testing

@testable import TransitionEngine

/// A chain of transitions that each start from the poses of the one before (superseding
/// starts, retargets, cancels in place) answers exactly as the poses read through the
/// whole chain would, while no query passes through more than one transition and no
/// chain is retained.
@Suite struct FrozenChainTests {
    static let viewport = Viewport(width: 200, height: 300)
    static let ids = (0..<12).map { ItemID.int(Int64($0)) }
    static let model = ItemModel(sections: [SectionModel(count: 12, ids: ids)])
    /// Half the items kept (reordered), half new: some elements disappear, some appear.
    static let otherModel = ItemModel(sections: [
        SectionModel(count: 10, ids: (0..<10).map(otherID))
    ])
    /// Even items keep an id of the first model (in reverse), odd ones are new.
    static func otherID(_ i: Int) -> ItemID {
        let id: Int = i % 2 == 0 ? 10 - i : 50 + i
        return .int(Int64(id))
    }
    static let specs: [LayoutSpec] = [
        .list(ListLayout(rowHeight: 40, headerHeight: 20)),
        .grid(GridLayout(columns: 3, spacing: 4, footerHeight: 10)),
        .list(ListLayout(rowHeight: 70, spacing: 2)),
    ]
    static let options = TransitionOptions(stagger: Stagger(delay: 0.2))

    /// The scene's step `i`: a start at 0.13 s intervals to the next spec, every third
    /// one with other items.
    static func step(_ i: Int) -> (spec: LayoutSpec, model: ItemModel?, time: Double) {
        (specs[(i + 1) % specs.count], i % 3 == 2 ? otherModel : nil, Double(i) * 0.13)
    }

    /// Every attribute of `t` at progress p (and its visible ones) as the scene shows them.
    static func answers(_ t: Transition, at p: Double, carry: Double = 0) -> [LayoutAttributes] {
        var all: [LayoutAttributes] = []
        t.forEachAttributes(at: p, carry: carry, in: .everything) { all.append($0) }
        return all + t.visibleAttributes(at: p, carry: carry)
    }

    /// Equal, and the frames and alphas equal to the bit (so 0 and -0 differ too).
    static func sameBits(_ a: [LayoutAttributes], _ b: [LayoutAttributes]) -> Bool {
        func bits(_ x: LayoutAttributes) -> [UInt64] {
            [x.frame.minX, x.frame.minY, x.frame.size.width, x.frame.size.height, x.alpha].map {
                $0.bitPattern
            }
        }
        return a == b && a.map(bits) == b.map(bits)
    }

    @Test func fiftySupersedingStartsAnswerAsTheWholeChainWould() throws {
        var scene = try Scene(spec: Self.specs[0], model: Self.model, viewport: Self.viewport)
        // The reference: each source a frozen layout read through every transition before.
        var source = scene.placed
        var reference: Transition? = nil
        for i in 0..<50 {
            let (spec, model, time) = Self.step(i)
            if let previous = reference {
                let s = try #require(scene.frame(at: time)).sample
                source = PlacedLayout(
                    layout: .frozen(
                        FrozenLayout(
                            transition: previous, progress: s.progress, carry: s.carry,
                            velocity: s.velocity, carryRate: s.carryRate)),
                    spec: nil, viewport: previous.viewport(at: s.progress),
                    contentOffset: previous.contentOffset(at: s.progress, carry: s.carry),
                    accessory: previous.accessory(at: s.progress))
            }
            let destination = try spec.prepare(
                viewport: Self.viewport, model: model ?? source.layout.model)
            reference = try Transition(
                from: source,
                to: PlacedLayout(
                    layout: destination, spec: spec, viewport: Self.viewport, contentOffset: .zero),
                options: Self.options, duration: 1)
            _ = try scene.startTransition(
                to: spec, model: model, options: Self.options,
                timing: TransitionTiming(duration: 1), at: time)
            let geometry = try #require(scene.active).geometry
            #expect(
                Self.sameBits(scene.placed.layout.allAttributes(), source.layout.allAttributes()),
                "start \(i): the layout at rest")
            #expect(scene.placed.contentOffset == source.contentOffset, "start \(i)")
            #expect(scene.placed.layout.contentSize == source.layout.contentSize, "start \(i)")
            #expect(scene.placed.layout.stateName == source.layout.stateName, "start \(i)")
            for p in [0, 0.07, 0.5, 0.93, 1, 1.2] {
                #expect(
                    Self.sameBits(Self.answers(geometry, at: p), Self.answers(reference!, at: p)),
                    "start \(i) at progress \(p)")
                #expect(geometry.contentOffset(at: p) == reference!.contentOffset(at: p))
            }
        }
    }

    /// The transitions a layout's queries pass through, following frozen sources.
    static func retained(_ layout: PreparedLayout) -> Int {
        var count = 0
        var next = layout.frozen?.transition
        while let t = next {
            count += 1
            next = t.from.layout.frozen?.transition
        }
        return count
    }

    @Test func aChainOfEveryKindOfInterruptionStaysBounded() throws {
        var scene = try Scene(spec: Self.specs[0], model: Self.model, viewport: Self.viewport)
        let spring = TimingCurve.spring(
            Spring(response: 0.4, dampingFraction: 0.7), initialVelocity: 0)
        for i in 0..<300 {
            let (spec, model, time) = Self.step(i)
            switch i % 4 {
            case 0, 1:
                _ = try scene.startTransition(
                    to: spec, model: model, timing: TransitionTiming(duration: 1), at: time)
            case 2:
                if scene.isAnimating {
                    _ = try scene.retarget(
                        to: spec, model: model, timing: TransitionTiming(curve: spring), at: time)
                }
            default:
                if scene.isAnimating { _ = try scene.cancelInPlace(at: time) }
            }
            let depth = scene.placed.layout.frozen?.chainDepth ?? 0
            #expect(depth <= FrozenLayout.maximumChainDepth, "step \(i)")
            #expect(Self.retained(scene.placed.layout) <= FrozenLayout.maximumChainDepth)
            if let active = scene.active {
                #expect(
                    Self.retained(active.geometry.from.layout) <= FrozenLayout.maximumChainDepth)
            }
        }
    }

    /// Stored poses answer every query as the transition they were read from: with
    /// carried momentum (a spring retarget), limits, and velocities.
    @Test func storedPosesAnswerAsTheirTransition() throws {
        var scene = try Scene(spec: Self.specs[0], model: Self.model, viewport: Self.viewport)
        let spring = TimingCurve.spring(
            Spring(response: 0.4, dampingFraction: 0.6), initialVelocity: 0)
        _ = try scene.startTransition(
            to: Self.specs[1], timing: TransitionTiming(duration: 1), at: 0)
        _ = try scene.retarget(
            to: Self.specs[2], model: Self.otherModel, timing: TransitionTiming(curve: spring),
            at: 0.4)
        let active = try #require(scene.active)
        #expect(active.geometry.from.layout.frozen?.chainDepth == 1)
        let s = active.animator.sample(at: 0.55)
        #expect(s.carry != 0 && s.velocity != 0)
        let live = FrozenLayout(
            transition: active.geometry, progress: s.progress, carry: s.carry,
            velocity: s.velocity, carryRate: s.carryRate)
        #expect(live.chainDepth == 2)
        let stored = live.bounded()
        #expect(stored.chainDepth == 0 && stored.transition == nil)
        #expect(stored.contentSize == live.contentSize && stored.model == live.model)
        #expect(stored.stateName == live.stateName && stored.scrollAxis == live.scrollAxis)
        #expect(stored.contentOffsetVelocity == live.contentOffsetVelocity)
        let all = live.allAttributes()
        #expect(all.count >= 12)
        #expect(Self.sameBits(stored.allAttributes(), all))
        for a in all {
            #expect(stored.attributes(at: a.key) == live.attributes(at: a.key), "\(a.key)")
            #expect(stored.velocity(of: a.key) == live.velocity(of: a.key), "\(a.key)")
        }
        for key in [ElementKey.cell(0, 12), .cell(1, 0), ElementKey(.header, IndexPath(0, 1))] {
            #expect(stored.attributes(at: key) == nil && live.attributes(at: key) == nil)
            #expect(stored.velocity(of: key) == .zero)
        }
        for y in stride(from: -100.0, through: 700, by: 37) {
            let rect = Rect(x: -50, y: y, width: 300, height: 120)
            var a: [LayoutAttributes] = []
            var b: [LayoutAttributes] = []
            #expect(stored.forEachAttributes(in: rect, limit: 100) { a.append($0) })
            #expect(live.forEachAttributes(in: rect, limit: 100) { b.append($0) })
            #expect(Self.sameBits(a, b), "y \(y)")
            // Cut short: some of them, and false when any is left out.
            for limit in [0, 1, 3] {
                var cut: [LayoutAttributes] = []
                let complete = stored.forEachAttributes(in: rect, limit: limit) { cut.append($0) }
                #expect(cut.count <= limit && cut.allSatisfy(a.contains), "y \(y), limit \(limit)")
                #expect(!complete || cut == a, "y \(y), limit \(limit)")
            }
        }
    }
}
