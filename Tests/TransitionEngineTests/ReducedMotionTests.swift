import TestSupport
import Testing

@testable import TransitionEngine

/// Reduced motion: an element that moves or changes size is at its source or its
/// destination frame at every progress, faded by |1 - 2q|; the content offset switches
/// at 0.5; everything else is as without it.
@Suite struct ReducedMotionTests {
    static func reducedOptions(seed: Int) -> TransitionOptions {
        var options = TransitionOptions(reducedMotion: true)
        if seed % 2 == 1 {
            options.stagger = Stagger(
                delay: 0.01, order: seed % 4 == 1 ? .index : .distance(from: nil))
        }
        // Keyframes and arcs are ignored: they would bend frames in between.
        if seed % 3 == 1 { options.path = .arc(ArcPath()) }
        if seed % 3 == 2 {
            options.keyframes = [Keyframe(at: 0.5, alpha: 0.5, offset: Point(x: 30, y: -20))]
        }
        return options
    }

    @Test(arguments: 0..<40)
    func neverAnInBetweenFrame(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(900 + seed))
        let options = Self.reducedOptions(seed: seed)
        let banded = try TransitionPropertyTests.randomTransition(
            seed: UInt64(seed), options: options)
        let listed = try TransitionPropertyTests.randomTransition(
            seed: UInt64(seed), options: options, banding: false)
        let full = try TransitionPropertyTests.randomTransition(
            seed: UInt64(seed), options: TransitionOptions(stagger: options.stagger))
        for _ in 0..<12 {
            let p = Double.random(in: -0.5...1.5, using: &rng)
            var all: [LayoutAttributes] = []
            banded.forEachAttributes(at: p, in: .everything) { all.append($0) }
            for e in all {
                let a = banded.from.layout.attributes(at: e.key)
                let b = banded.matcher.destination(of: e.key).flatMap {
                    banded.to.layout.attributes(at: $0)
                }
                guard let a, let b else { continue }
                let q = e.transitionProgress
                if a.frame == b.frame && a.transform == b.transform {
                    // Elements that do not move are as without reduced motion.
                    #expect(
                        full.attributes(of: e.key, inSource: true, at: p)?.frame == e.frame,
                        "seed \(seed) p \(p) \(e.key)")
                    continue
                }
                let end = q < 0.5 ? a : b
                #expect(e.frame == end.frame, "seed \(seed) p \(p) q \(q) \(e.key)")
                let alpha = Swift.min(
                    Swift.max(end.alpha * Swift.min(Swift.abs(1 - 2 * q), 1), 0), 1)
                #expect(Swift.abs(e.alpha - alpha) <= 1e-12, "seed \(seed) p \(p) \(e.key)")
            }
            let offset = banded.contentOffset(at: p)
            #expect(offset == (p < 0.5 ? banded.from.contentOffset : banded.to.contentOffset))
            // Queries by bands and by the index find exactly what brute force does.
            let rect = banded.visibleRect(at: p)
            let expected = TransitionPropertyTests.sorted(
                TransitionPropertyTests.bruteForce(banded, at: p, in: rect))
            var viaBands: [LayoutAttributes] = []
            banded.forEachAttributes(at: p, in: rect) { viaBands.append($0) }
            var viaList: [LayoutAttributes] = []
            listed.forEachAttributes(at: p, in: rect) { viaList.append($0) }
            #expect(TransitionPropertyTests.sorted(viaList) == expected, "seed \(seed) p \(p)")
            if p >= 0 && p <= 1 {
                #expect(TransitionPropertyTests.sorted(viaBands) == expected, "seed \(seed) p \(p)")
            }
        }
    }

    static func scene() throws -> Scene {
        try Scene(
            spec: .list(ListLayout(rowHeight: 40)), model: ItemModel(count: 6),
            viewport: Viewport(width: 200, height: 300))
    }

    static let grid = LayoutSpec.grid(GridLayout(columns: 2))

    @Test func fadesOutInPlaceThenInAtTheDestination() throws {
        var scene = try Self.scene()
        let started = try scene.startTransition(
            to: Self.grid, options: TransitionOptions(reducedMotion: true), at: 0)
        let t = started.transition.geometry
        let key = ElementKey.cell(0, 1)
        let a = t.from.layout.attributes(at: key)!
        let b = t.to.layout.attributes(at: key)!
        #expect(a.frame != b.frame)
        for (p, frame, alpha) in [
            (0.0, a.frame, 1.0), (0.25, a.frame, 0.5), (0.49, a.frame, 0.02), (0.5, b.frame, 0),
            (0.75, b.frame, 0.5), (1, b.frame, 1),
        ] {
            let e = t.attributes(of: key, inSource: true, at: p)!
            #expect(e.frame == frame, "p \(p)")
            #expect(Swift.abs(e.alpha - alpha) < 1e-12, "p \(p)")
        }
        // Item 0 keeps its place (0, 0) but changes size: it fades too.
        #expect(t.attributes(of: .cell(0, 0), inSource: true, at: 0.5)!.alpha == 0)
    }

    @Test func aSpringBecomesLinearOverTheReducedDuration() throws {
        var scene = try Self.scene()
        let spring = TimingCurve.spring(
            Spring(response: 0.5, dampingFraction: 0.3), initialVelocity: 0)
        let started = try scene.startTransition(
            to: Self.grid, options: TransitionOptions(reducedMotion: true, reducedDuration: 0.4),
            timing: TransitionTiming(duration: 2, curve: spring), at: 1)
        #expect(started.transition.animator.duration == 0.4)
        #expect(started.transition.animator.curve == .easing(.linear))
        #expect(scene.frame(at: 1.1)!.sample.progress == 0.25)
        // A finish with a spring is linear too, over its share of the reduced duration.
        try scene.scrub(to: 0.5, at: 1.2)
        try scene.finish(at: 1.2, curve: spring)
        #expect(Swift.abs(scene.frame(at: 1.3)!.sample.progress - 0.75) < 1e-12)
        #expect(scene.advance(to: 1.4).end?.end.reason == .finished)
    }

    @Test func otherCurvesAreKept() throws {
        var scene = try Self.scene()
        let curve = TimingCurve.easing(.quadraticEaseInOut)
        let started = try scene.startTransition(
            to: Self.grid, options: TransitionOptions(reducedMotion: true),
            timing: TransitionTiming(duration: 1, curve: curve), at: 0)
        #expect(started.transition.animator.duration == TransitionOptions.defaultReducedDuration)
        #expect(started.transition.animator.curve == curve)
    }

    @Test func cancelInPlaceAndRetargetKeepTheEnds() throws {
        var scene = try Self.scene()
        _ = try scene.startTransition(
            to: Self.grid, options: TransitionOptions(reducedMotion: true), at: 0)
        let retarget = try scene.retarget(
            to: .list(ListLayout(rowHeight: 60)), options: TransitionOptions(reducedMotion: true),
            timing: TransitionTiming(
                curve: .spring(Spring(response: 0.3, dampingFraction: 0.5), initialVelocity: 0)),
            at: 0.15)
        let t = retarget.transition.geometry
        // From frozen poses at 0.75 (destination frames, half faded), no carried momentum.
        #expect(t.carrier == nil)
        let frozen = t.from.layout.attributes(at: .cell(0, 1))!
        #expect(frozen.frame == Rect(x: 100, y: 0, width: 100, height: 100))
        #expect(Swift.abs(frozen.alpha - 0.5) < 1e-12)
        let ended = try scene.cancelInPlace(at: 0.2)
        #expect(ended.end.reason == .cancelledInPlace)
        let rested = scene.placed.layout.attributes(at: .cell(0, 1))!
        #expect(rested.frame == frozen.frame || rested.frame.size.height == 60)
    }

    @Test func aNonPositiveReducedDurationIsRefused() throws {
        var scene = try Self.scene()
        #expect(throws: SceneError.self) {
            try scene.startTransition(
                to: Self.grid, options: TransitionOptions(reducedMotion: true, reducedDuration: 0),
                at: 0)
        }
    }
}
