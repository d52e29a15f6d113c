import Testing
import TransitionEngine

@testable import TransitionExport

/// Every element of an export stays within the tolerance of the engine at every moment,
/// checked by dense sampling of both.
struct ExportFidelityTests {
    static let list = LayoutSpec(.list(ListLayout(rowHeight: 44, spacing: 2)))
    static let grid = LayoutSpec(.grid(GridLayout(columns: 3, spacing: 4)))
    static let viewport = Viewport(width: 320, height: 480)
    static let springy = TimingCurve.spring(
        Spring(response: 0.5, dampingFraction: 0.55), initialVelocity: 0)

    /// The largest distance (points) between an edge of the exported and of the engine's
    /// drawn rect, and the number of moments an element is shown by one and not the other.
    static func deviation(
        scene: Scene, to spec: LayoutSpec, model: ItemModel? = nil,
        options: TransitionOptions = .init(),
        timing: TransitionTiming, tolerance: Double = 0.25, samples: Int = 1000
    ) throws -> (
        distance: Double, shownMismatches: Int, offset: Double, plan: MotionPlan, alpha: Double
    ) {
        let plan = try MotionPlan(
            scene: scene, to: spec, model: model, options: options, timing: timing,
            settings: ExportSettings(tolerance: tolerance))
        var copy = scene
        let started = try copy.startTransition(
            to: spec, model: model, options: options, timing: timing, at: 0)
        let geometry = started.transition.geometry
        let animator = started.transition.animator
        let ends = geometry.allElements()
        #expect(ends.count == plan.elements.count)
        var distance = 0.0
        var offset = 0.0
        var mismatches = 0
        var alpha = 0.0
        for k in 0...samples {
            // Irregular moments, past the end too.
            let t = plan.duration * 1.02 * (Double(k) + 0.37 * Double(k % 3)) / Double(samples)
            let limits = Transition.progressLimits
            let p = Swift.min(
                Swift.max(animator.sample(at: t).progress, limits.lowerBound), limits.upperBound)
            let o = geometry.contentOffset(at: p)
            let exportedOffset = plan.contentOffset(at: t)
            offset = Swift.max(
                offset, Swift.abs(o.x - exportedOffset.x), Swift.abs(o.y - exportedOffset.y))
            for (i, e) in ends.enumerated() {
                let engine =
                    e.from != nil
                    ? geometry.attributes(of: e.from!.key, inSource: true, at: p)
                    : geometry.attributes(of: e.to!.key, inSource: false, at: p)
                let exported = plan.pose(ofElement: i, at: t)
                guard let engine else {
                    if exported.isShown { mismatches += 1 }
                    continue
                }
                if !exported.isShown { mismatches += 1 }
                alpha = Swift.max(alpha, Swift.abs(engine.alpha - exported.alpha))
                let a = ElementPose(engine).drawnRect
                let b = exported.drawnRect
                distance = Swift.max(
                    distance, Swift.abs(a.minX - b.minX), Swift.abs(a.minY - b.minY),
                    Swift.abs(a.maxX - b.maxX),
                    Swift.abs(a.maxY - b.maxY))
            }
        }
        return (distance, mismatches, offset, plan, alpha)
    }

    @Test func springWithOvershootStaysWithinTolerance() throws {
        let scene = try Scene(spec: Self.list, model: ItemModel(count: 30), viewport: Self.viewport)
        let r = try Self.deviation(
            scene: scene, to: Self.grid, timing: TransitionTiming(curve: Self.springy))
        #expect(r.distance <= 0.25)
        #expect(r.offset <= 0.25)
        #expect(r.shownMismatches == 0)
        #expect(r.plan.tracks.count == 1)
        #expect(r.plan.tracks[0].curve == nil)
        #expect(r.plan.tracks[0].stops.count > 10)
        // The spring overshoots: some stop goes past 1.
        #expect(r.plan.tracks[0].stops.contains { $0.value > 1.01 })
    }

    @Test func staggerBecomesDelaysWithinTolerance() throws {
        let scene = try Scene(spec: Self.list, model: ItemModel(count: 30), viewport: Self.viewport)
        let options = TransitionOptions(stagger: Stagger(delay: 0.03))
        for curve in [TimingCurve.easing(.cubicEaseInOut), .easing(.linear), Self.springy] {
            let r = try Self.deviation(
                scene: scene, to: Self.grid, options: options,
                timing: TransitionTiming(duration: 0.6, curve: curve))
            #expect(r.distance <= 0.25, "\(curve)")
            #expect(r.shownMismatches == 0)
            #expect(r.plan.tracks.count > 5)
            let delays = Set(r.plan.tracks.map(\.delay))
            #expect(delays.count > 5)
            if curve == .easing(.linear) {
                // A linear curve under a window is linear again: delay and duration only.
                #expect(r.plan.tracks.dropFirst().allSatisfy { $0.curve == .easing(.linear) })
            }
        }
    }

    @Test func appearingAndDisappearingElementsFollowTheirEffects() throws {
        let scene = try Scene(spec: Self.list, model: ItemModel(count: 8), viewport: Self.viewport)
        for effect in AppearEffect.allCases {
            let options = TransitionOptions(appear: effect, disappear: effect)
            let grow = try Self.deviation(
                scene: scene, to: Self.grid, model: ItemModel(count: 14), options: options,
                timing: TransitionTiming(duration: 0.5, curve: .easing(.backEaseOut)))
            #expect(grow.distance <= 0.25, "\(effect)")
            #expect(grow.alpha <= 0.25 / ElementMotion.pointsPerUnit, "\(effect)")
            #expect(grow.shownMismatches == 0, "\(effect)")
            #expect(grow.plan.elements.filter { $0.presence == .appearing }.count == 6)
            let shrink = try Self.deviation(
                scene: scene, to: Self.grid, model: ItemModel(count: 3), options: options,
                timing: TransitionTiming(curve: Self.springy))
            #expect(shrink.distance <= 0.25, "\(effect)")
            #expect(shrink.alpha <= 0.25 / ElementMotion.pointsPerUnit, "\(effect)")
            #expect(shrink.shownMismatches == 0, "\(effect)")
            #expect(shrink.plan.elements.filter { $0.presence == .disappearing }.count == 5)
        }
    }

    @Test func displaySwitchAndPlacementFollowTheContentOffset() throws {
        let dsList = LayoutSpec(
            .displaySwitch(DisplaySwitchLayout(mode: .list, staticCellHeight: 60)))
        let dsGrid = LayoutSpec(
            .displaySwitch(DisplaySwitchLayout(mode: .grid, staticCellHeight: 60)))
        let scene = try Scene(
            spec: dsList, model: ItemModel(count: 40), viewport: Self.viewport,
            contentOffset: Point(x: 0, y: 600))
        let r = try Self.deviation(
            scene: scene, to: dsGrid, options: TransitionOptions(contentOffset: .displaySwitch),
            timing: TransitionTiming(duration: 0.4, curve: .easing(.elasticEaseOut)))
        #expect(r.distance <= 0.25)
        #expect(r.offset <= 0.25)
        #expect(r.plan.contentOffset.from != r.plan.contentOffset.to)
        let placed = try Self.deviation(
            scene: try Scene(spec: Self.list, model: ItemModel(count: 60), viewport: Self.viewport),
            to: Self.grid,
            options: TransitionOptions(
                contentOffset: .placement(.center, items: [IndexPath(0, 45)])),
            timing: TransitionTiming(curve: Self.springy))
        #expect(placed.distance <= 0.25)
        #expect(placed.offset <= 0.25)
        #expect(placed.plan.contentOffset.to.y > 0)
    }

    @Test func curvesTheFormatsHaveAreKeptExactly() throws {
        let scene = try Scene(spec: Self.list, model: ItemModel(count: 12), viewport: Self.viewport)
        for name in ["ease", "ease-in-out", "step-end", "linear"] {
            let curve = try #require(TimingCurve(named: name))
            let r = try Self.deviation(
                scene: scene, to: Self.grid, timing: TransitionTiming(duration: 0.3, curve: curve))
            #expect(r.plan.tracks[0].curve == curve, "\(name)")
            #expect(r.distance <= 0.25, "\(name)")
        }
        let stops = TimingCurve.linearStops([
            LinearStop(value: 0), LinearStop(value: 0.8, input: 0.3), LinearStop(value: 1),
        ])
        let r = try Self.deviation(
            scene: scene, to: Self.grid, timing: TransitionTiming(duration: 0.3, curve: stops))
        #expect(
            r.plan.tracks[0].curve
                == .linearStops(
                    LinearStop.resolved([
                        LinearStop(value: 0), LinearStop(value: 0.8, input: 0.3),
                        LinearStop(value: 1),
                    ])))
    }

    @Test func aTighterToleranceTakesMoreStops() throws {
        let scene = try Scene(spec: Self.list, model: ItemModel(count: 30), viewport: Self.viewport)
        var counts: [Int] = []
        for tolerance in [2.0, 0.25, 0.02] {
            let r = try Self.deviation(
                scene: scene, to: Self.grid, timing: TransitionTiming(curve: Self.springy),
                tolerance: tolerance,
                samples: 800)
            #expect(r.distance <= tolerance)
            counts.append(r.plan.tracks[0].stops.count)
        }
        #expect(counts[0] < counts[1] && counts[1] < counts[2])
    }
}
