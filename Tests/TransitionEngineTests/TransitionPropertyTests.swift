import TestSupport
import Testing

@testable import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Random layouts: the ends are exact, and the indexed queries equal brute force.
@Suite struct TransitionPropertyTests {
    static func randomSpec(_ rng: inout SeededRandom) -> LayoutSpec {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:
            return .list(
                ListLayout(
                    rowHeight: rng.quarter(10...90), spacing: rng.quarter(0...8),
                    headerHeight: rng.quarter(0...20)))
        case 1:
            return .grid(
                GridLayout(
                    columns: Int.random(in: 1...5, using: &rng), spacing: rng.quarter(0...12),
                    inset: EdgeInsets(all: rng.quarter(0...12)), footerHeight: rng.quarter(0...20)))
        case 2:
            return .displaySwitch(
                DisplaySwitchLayout(
                    mode: .grid, staticCellHeight: rng.quarter(40...200),
                    columns: Int.random(in: 1...4, using: &rng)))
        default:
            return .flow(
                FlowLayout(
                    itemSize: Size(width: rng.quarter(10...150), height: rng.quarter(10...150)),
                    minimumLineSpacing: rng.quarter(0...10),
                    minimumInteritemSpacing: rng.quarter(0...10),
                    headerReferenceSize: Size(width: 0, height: rng.quarter(0...30))))
        }
    }

    static func randomModel(_ rng: inout SeededRandom) -> ItemModel {
        ItemModel(
            sections: (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                SectionModel(count: Int.random(in: 0...80, using: &rng))
            })
    }

    static func randomTransition(
        seed: UInt64, model: ItemModel? = nil, toModel: ItemModel? = nil,
        options: TransitionOptions = .init(), banding: Bool = true
    ) throws -> Transition {
        var rng = SeededRandom(seed: seed)
        let viewport = Viewport(width: rng.quarter(200...500), height: rng.quarter(300...800))
        let m = model ?? randomModel(&rng)
        let fromSpec = randomSpec(&rng)
        let toSpec = randomSpec(&rng)
        let fromLayout = try fromSpec.prepare(viewport: viewport, model: m)
        var from = PlacedLayout(
            layout: fromLayout, spec: fromSpec, viewport: viewport, contentOffset: .zero)
        from.contentOffset = from.clamped(Point(x: 0, y: rng.quarter(0...3000)))
        let toViewport =
            Bool.random(using: &rng)
            ? viewport : Viewport(width: viewport.size.width, height: rng.quarter(300...800))
        let to = PlacedLayout(
            layout: try toSpec.prepare(viewport: toViewport, model: toModel ?? m), spec: toSpec,
            viewport: toViewport, contentOffset: .zero)
        return try Transition(
            from: from, to: to, options: options, duration: 0.5, allowBanding: banding)
    }

    /// Every element at progress p by brute force: every pair interpolated, then filtered.
    static func bruteForce(_ t: Transition, at p: Double, in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        var destinationsSeen = Set<ElementKey>()
        for a in t.from.layout.allAttributes() {
            let bKey = t.matcher.destination(of: a.key)
            let b = bKey.flatMap { t.to.layout.attributes(at: $0) }
            if let b { destinationsSeen.insert(b.key) }
            if let e = t.attributes(from: a, to: b, progress: p), e.frame.intersects(rect) {
                result.append(e)
            }
        }
        for b in t.to.layout.allAttributes() where !destinationsSeen.contains(b.key) {
            if let e = t.attributes(from: nil, to: b, progress: p), e.frame.intersects(rect) {
                result.append(e)
            }
        }
        return result
    }

    static func sorted(_ list: [LayoutAttributes]) -> [LayoutAttributes] {
        list.sorted { ($0.key.indexPath, $0.key.kind.code) < ($1.key.indexPath, $1.key.kind.code) }
    }

    @Test(arguments: 0..<40)
    func endsAreExact(seed: Int) throws {
        let t = try Self.randomTransition(seed: UInt64(seed))
        var atZero: [LayoutAttributes] = []
        t.forEachAttributes(at: 0, in: .everything) { atZero.append($0) }
        var atOne: [LayoutAttributes] = []
        t.forEachAttributes(at: 1, in: .everything) { atOne.append($0) }
        func strip(_ a: LayoutAttributes) -> LayoutAttributes {
            var a = a
            a.transitionProgress = 0
            a.nextFrame = nil
            return a
        }
        #expect(
            Self.sorted(atZero).map(strip) == Self.sorted(t.from.layout.allAttributes()),
            "seed \(seed)")
        #expect(
            Self.sorted(atOne).map(strip) == Self.sorted(t.to.layout.allAttributes()),
            "seed \(seed)")
        #expect(
            t.contentOffset(at: 0) == t.from.contentOffset
                && t.contentOffset(at: 1) == t.to.contentOffset)
    }

    @Test(arguments: 0..<40)
    func bandedAndListedEqualBruteForce(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(500 + seed))
        let stagger: Stagger? =
            seed % 2 == 0
            ? nil : Stagger(delay: 0.01, order: seed % 4 == 1 ? .index : .distance(from: nil))
        let options = TransitionOptions(stagger: stagger)
        let banded = try Self.randomTransition(seed: UInt64(seed), options: options)
        let listed = try Self.randomTransition(seed: UInt64(seed), options: options, banding: false)
        #expect(!listed.bandedCells)
        for _ in 0..<12 {
            let p = Double.random(in: -0.2...1.2, using: &rng)
            let rects = [
                banded.visibleRect(at: p),
                Rect(
                    x: rng.quarter(-100...400), y: rng.quarter(-100...5000),
                    width: rng.quarter(0...500), height: rng.quarter(0...900)),
            ]
            for rect in rects {
                let expected = Self.sorted(Self.bruteForce(banded, at: p, in: rect))
                var viaBands: [LayoutAttributes] = []
                banded.forEachAttributes(at: p, in: rect) { viaBands.append($0) }
                var viaList: [LayoutAttributes] = []
                listed.forEachAttributes(at: p, in: rect) { viaList.append($0) }
                #expect(Self.sorted(viaList) == expected, "seed \(seed) p \(p) rect \(rect)")
                if p >= 0 && p <= 1 {
                    #expect(
                        Self.sorted(viaBands) == expected,
                        "seed \(seed) p \(p) rect \(rect) banded \(banded.bandedCells)")
                }
            }
        }
    }

    @Test func enumerationStopsAtItsLimit() throws {
        // A million zero-height rows are all in one viewport.
        let viewport = Viewport(width: 300, height: 600)
        let model = ItemModel(count: 1_000_000)
        let list = LayoutSpec.list(ListLayout(rowHeight: 0))
        let grid = LayoutSpec.grid(GridLayout(columns: 2, itemHeight: 0))
        let from = PlacedLayout(
            layout: try list.prepare(viewport: viewport, model: model), spec: list,
            viewport: viewport, contentOffset: .zero)
        let to = PlacedLayout(
            layout: try grid.prepare(viewport: viewport, model: model), spec: grid,
            viewport: viewport, contentOffset: .zero)
        let t = try Transition(from: from, to: to)
        var count = 0
        let complete = t.forEachAttributes(at: 0.5, in: t.visibleRect(at: 0.5), limit: 1000) { _ in
            count += 1
        }
        #expect(!complete && count == 1000)
        count = 0
        #expect(
            t.forEachAttributes(at: 0.5, in: Rect(x: 0, y: 0, width: 10, height: 10), limit: 5) {
                _ in count += 1
            } == false)
        #expect(count == 5)
    }

    @Test func changedItemsAppearAndDisappear() throws {
        let viewport = Viewport(width: 300, height: 600)
        let before = ItemModel(sections: [
            SectionModel(count: 3, ids: [.string("a"), .string("b"), .string("c")])
        ])
        let after = ItemModel(sections: [
            SectionModel(count: 3, ids: [.string("c"), .string("a"), .string("d")])
        ])
        let spec = LayoutSpec.list(ListLayout(rowHeight: 50))
        let from = PlacedLayout(
            layout: try spec.prepare(viewport: viewport, model: before), spec: spec,
            viewport: viewport, contentOffset: .zero)
        let to = PlacedLayout(
            layout: try spec.prepare(viewport: viewport, model: after), spec: spec,
            viewport: viewport, contentOffset: .zero)
        let t = try Transition(
            from: from, to: to, options: TransitionOptions(appear: .fade, disappear: .scale))
        let mid = Dictionary(
            uniqueKeysWithValues: t.visibleAttributes(at: 0.5).map { ($0.id!, $0) })
        #expect(Set(mid.keys) == [.string("a"), .string("b"), .string("c"), .string("d")])
        // "c" moves from row 2 to row 0 (matched by id, not position).
        #expect(mid[.string("c")]?.frame == Rect(x: 0, y: 50, width: 300, height: 50))
        #expect(mid[.string("c")]?.key == .cell(0, 2))
        // "b" disappears by scaling in place; "d" fades in at its destination.
        #expect(mid[.string("b")]?.frame == Rect(x: 0, y: 50, width: 300, height: 50))
        #expect(mid[.string("b")]?.transform == AffineTransform.scale(0.5, 0.5))
        #expect(mid[.string("d")]?.alpha == 0.5 && mid[.string("d")]?.frame.minY == 100)
        #expect(
            t.visibleAttributes(at: 0).compactMap(\.id) == [
                .string("a"), .string("b"), .string("c"),
            ])
        #expect(
            Set(t.visibleAttributes(at: 1).compactMap(\.id)) == [
                .string("c"), .string("a"), .string("d"),
            ])
        #expect(t.visibleAttributes(at: 1).first { $0.id == .string("c") }?.key == .cell(0, 0))
    }

    @Test func alphaClampedAndSizesNeverNegative() throws {
        let a = LayoutAttributes(
            key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 1)
        let b = LayoutAttributes(
            key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 2), alpha: 0.2)
        let t = try Self.randomTransition(seed: 1)
        let under = try #require(t.attributes(from: a, to: b, progress: -0.5))
        #expect(under.frame.size.width == 0 && under.alpha == 1)
        let over = try #require(t.attributes(from: a, to: b, progress: 1.5))
        #expect(
            over.frame.size.height == 0 && over.frame.size.width == 145 && approx(over.alpha, 0))
        // The centre extrapolates from (5, 5) towards (50, 1).
        #expect(over.frame.midX == 72.5 && over.frame.midY == -1)
    }

    @Test func staggerWindows() throws {
        #expect(convertToWindow(0.5, start: 0.2, end: 0.6) == 0.75)
        #expect(convertToWindow(0.1, start: 0.2, end: 0.6) == 0)
        #expect(convertToWindow(0.7, start: 0.2, end: 0.6) == 1)
        #expect(convertToWindow(0.5, start: 0.6, end: 0.6) == 1)
        #expect(convertToWindow(1.5, start: -1, end: 2) == 1)
        // Index stagger over a list of 10 visible rows: the first starts at once, the last
        // at the spread, and each moves for 1 - spread.
        let viewport = Viewport(width: 300, height: 500)
        let model = ItemModel(count: 30)
        let list = LayoutSpec.list(ListLayout(rowHeight: 50))
        let grid = LayoutSpec.grid(GridLayout(columns: 2))
        let from = PlacedLayout(
            layout: try list.prepare(viewport: viewport, model: model), spec: list,
            viewport: viewport, contentOffset: .zero)
        let to = PlacedLayout(
            layout: try grid.prepare(viewport: viewport, model: model), spec: grid,
            viewport: viewport, contentOffset: .zero)
        let t = try Transition(
            from: from, to: to,
            options: TransitionOptions(contentOffset: .point(.zero), stagger: Stagger(delay: 0.05)),
            duration: 1)
        let plan = try #require(t.stagger)
        #expect(plan.ranks == 9 && approx(plan.spread, 0.45))
        let p = 0.3
        #expect(
            approx(
                t.attributes(of: .cell(0, 0), inSource: true, at: p)!.transitionProgress, 0.3 / 0.55
            ))
        #expect(approx(t.attributes(of: .cell(0, 9), inSource: true, at: p)!.transitionProgress, 0))
        #expect(
            approx(
                t.attributes(of: .cell(0, 9), inSource: true, at: 0.7)!.transitionProgress,
                0.25 / 0.55))
        // Cells past the last visible one share its rank and finish exactly at the end.
        #expect(
            approx(
                t.attributes(of: .cell(0, 20), inSource: true, at: 0.99)!.transitionProgress,
                0.54 / 0.55))
        #expect(t.attributes(of: .cell(0, 20), inSource: true, at: 1)!.transitionProgress == 1)
    }

    @Test func colourSpaces() {
        let black = Color(red: 0, green: 0, blue: 0)
        let white = Color(red: 1, green: 1, blue: 1)
        #expect(
            ColorSpace.srgb.interpolate(black, white, 0.5) == Color(red: 0.5, green: 0.5, blue: 0.5)
        )
        let linear = ColorSpace.linearSRGB.interpolate(black, white, 0.5)
        #expect(approx(linear.red, 1.055 * 0.5.squareRootOf(2.4) - 0.055, tolerance: 1e-9))
        let ok = ColorSpace.oklab.interpolate(black, white, 0.5)
        #expect(approx(ok.green, 0.388572, tolerance: 1e-5))
        let c = Color(hex: "#3366cc80")!
        #expect(c.hexString == "#3366cc80")
        for space in ColorSpace.allCases {
            let same = space.interpolate(c, c, 0.37)
            #expect(
                approx(same.red, c.red, tolerance: 1e-6)
                    && approx(same.blue, c.blue, tolerance: 1e-6), "\(space)")
            #expect(
                space.interpolate(c, white, 0) == c && space.interpolate(c, white, 1) == white,
                "\(space)")
        }
        #expect(
            Color(hex: "#12345") == nil && Color(hex: "123456") == nil
                && Color(hex: "#fff") == white)
    }
}

extension Double {
    /// x^(1/n), for the sRGB transfer function in expectations.
    func squareRootOf(_ n: Double) -> Double { exp(log(self) / n) }
}
