import TestSupport
import Testing

@testable import TransitionEngine

/// Custom values are present at every progress, overshoot included: numbers
/// extrapolate, colours clamp (Protocol 7.4).
@Suite struct ValuesAtEveryProgressTests {
    static let red = Color(hex: "#ff0000")!
    static let blue = Color(hex: "#0000ff")!
    static let list = LayoutSpec(
        .list(ListLayout(rowHeight: 40)),
        values: [
            CustomValue(name: "radius", value: .number(0)),
            CustomValue(name: "bg", value: .color(red)),
        ],
        accessory: [CustomValue(name: "rotation", value: .number(0))])
    static let grid = LayoutSpec(
        .grid(GridLayout(columns: 2)),
        values: [
            CustomValue(name: "radius", value: .number(12)),
            CustomValue(name: "bg", value: .color(blue)),
        ],
        accessory: [CustomValue(name: "rotation", value: .number(3))])

    static func expectedValues(at p: Double) -> [CustomValue] {
        [
            CustomValue(name: "radius", value: .number(12 * p)),
            CustomValue(
                name: "bg",
                value: .color(
                    p >= 1 ? blue : p <= 0 ? red : ColorSpace.srgb.interpolate(red, blue, p))),
        ]
    }

    static func check(_ list: [LayoutAttributes], at p: Double) {
        #expect(!list.isEmpty)
        for a in list {
            guard case .number(let r)? = a.values.first(where: { $0.name == "radius" })?.value,
                case .color(let c)? = a.values.first(where: { $0.name == "bg" })?.value
            else {
                Issue.record("values missing at progress \(p): \(a.values)")
                continue
            }
            #expect(approx(r, 12 * a.transitionProgress), "progress \(p)")
            let q = a.transitionProgress
            #expect(c == (q >= 1 ? blue : q <= 0 ? red : ColorSpace.srgb.interpolate(red, blue, q)))
        }
    }

    @Test func theIssuesSpringOvershootKeepsValues() throws {
        var scene = try Scene(
            spec: Self.list, model: ItemModel(count: 3), viewport: Viewport(width: 200, height: 300)
        )
        let spring = TimingCurve.spring(
            Spring(response: 0.4, dampingFraction: 0.5), initialVelocity: 0)
        _ = try scene.startTransition(to: Self.grid, timing: TransitionTiming(curve: spring), at: 0)
        let frame = try #require(scene.advance(to: 0.2).frame)
        #expect(approx(frame.sample.progress, 1.141, tolerance: 1e-3))
        var cells: [LayoutAttributes] = []
        frame.forEachVisibleAttributes { cells.append($0) }
        #expect(cells.count == 3)
        Self.check(cells, at: frame.sample.progress)
        #expect(cells[0].values == Self.expectedValues(at: frame.sample.progress))
        #expect(
            frame.accessory == [
                CustomValue(name: "rotation", value: .number(3 * frame.sample.progress))
            ])
    }

    @Test func backEaseInBelowZeroAndSamplesOutsideKeepValues() throws {
        var scene = try Scene(
            spec: Self.list, model: ItemModel(count: 3), viewport: Viewport(width: 200, height: 300)
        )
        _ = try scene.startTransition(
            to: Self.grid, timing: TransitionTiming(duration: 1, curve: .easing(.backEaseIn)), at: 0
        )
        let frame = try #require(scene.advance(to: 0.2).frame)
        #expect(frame.sample.progress < 0)
        var cells: [LayoutAttributes] = []
        frame.forEachVisibleAttributes { cells.append($0) }
        Self.check(cells, at: frame.sample.progress)
        let geometry = try #require(scene.active).geometry
        for p in [1.5, -0.5, 2, -1] {
            var sampled: [LayoutAttributes] = []
            geometry.forEachAttributes(at: p, in: .everything) { sampled.append($0) }
            #expect(sampled.count == 3)
            Self.check(sampled, at: p)
            #expect(sampled[1].values == Self.expectedValues(at: p))
        }
    }

    /// Property: over random layouts (banded and listed, with and without stagger) and
    /// progresses in -1...2, every cell carries every value, as the rules say.
    @Test(arguments: 0..<30)
    func valuesArePresentAtEveryProgress(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed) &+ 1000)
        let stagger: Stagger? = Bool.random(using: &rng) ? Stagger(delay: 0.1) : nil
        let t0 = try TransitionPropertyTests.randomTransition(
            seed: UInt64(seed), options: TransitionOptions(stagger: stagger), banding: seed % 2 == 0
        )
        var fromSpec = try #require(t0.from.spec)
        var toSpec = try #require(t0.to.spec)
        fromSpec.values = Self.list.values
        toSpec.values = Self.grid.values
        let from = PlacedLayout(
            layout: try fromSpec.prepare(viewport: t0.from.viewport, model: t0.from.layout.model),
            spec: fromSpec,
            viewport: t0.from.viewport, contentOffset: t0.from.contentOffset)
        let to = PlacedLayout(
            layout: try toSpec.prepare(viewport: t0.to.viewport, model: t0.to.layout.model),
            spec: toSpec,
            viewport: t0.to.viewport, contentOffset: .zero)
        let t = try Transition(
            from: from, to: to, options: t0.options, duration: 0.5, allowBanding: seed % 2 == 0)
        for _ in 0..<12 {
            let p = Double.random(in: -1...2, using: &rng)
            var cells: [LayoutAttributes] = []
            t.forEachAttributes(at: p, in: t.visibleRect(at: p)) {
                if $0.kind == .cell { cells.append($0) }
            }
            if t.from.layout.model.totalCount > 0 && cells.isEmpty { continue }
            Self.check(cells, at: p)
        }
    }
}
