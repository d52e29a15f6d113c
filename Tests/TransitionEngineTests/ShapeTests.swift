import TestSupport
import Testing

@testable import TransitionEngine

/// Corner radii, borders and shadows (item styles, `cellStyle`) and the content layers
/// of `contentFade` and `contentResize`.
@Suite struct ShapeTests {
    static let viewport = Viewport(width: 200, height: 300)

    static func transition(
        from fromSpec: LayoutSpec, to toSpec: LayoutSpec, model: ItemModel = ItemModel(count: 4),
        toModel: ItemModel? = nil, options: TransitionOptions = .init(), banding: Bool = true
    ) throws -> Transition {
        let from = PlacedLayout(
            layout: try fromSpec.prepare(viewport: viewport, model: model), spec: fromSpec,
            viewport: viewport, contentOffset: .zero)
        let to = PlacedLayout(
            layout: try toSpec.prepare(viewport: viewport, model: toModel ?? model), spec: toSpec,
            viewport: viewport, contentOffset: .zero)
        return try Transition(
            from: from, to: to, options: options, duration: 1, allowBanding: banding)
    }

    static func cells(_ t: Transition, at p: Double) -> [LayoutAttributes] {
        var list: [LayoutAttributes] = []
        t.forEachAttributes(at: p, in: .everything) { list.append($0) }
        return list
    }

    static func styled(_ spec: LayoutSpec, _ shape: ElementShape) -> LayoutSpec {
        var spec = spec
        var style = ItemStyle()
        style.shape = shape
        spec.cellStyle = style
        return spec
    }

    /// The example: a list with corner radius 0 to a grid with 12, linear, at 0.5.
    @Test func everyCellsCornerRadiusIsHalfWay() throws {
        let list = Self.styled(
            .list(ListLayout(rowHeight: 40)), ElementShape(cornerRadius: .init(0)))
        let grid = Self.styled(.grid(GridLayout(columns: 2)), ElementShape(cornerRadius: .init(12)))
        let t = try Self.transition(from: list, to: grid)
        let mid = Self.cells(t, at: 0.5)
        #expect(mid.count == 4)
        for e in mid { #expect(e.shape?.cornerRadius == CornerRadii(6), "\(e.key)") }
        #expect(Self.cells(t, at: 0).allSatisfy { $0.shape?.cornerRadius == CornerRadii(0) })
        #expect(Self.cells(t, at: 1).allSatisfy { $0.shape?.cornerRadius == CornerRadii(12) })
        // The layouts at rest carry it too.
        let rest = try grid.prepare(viewport: Self.viewport, model: ItemModel(count: 4))
        #expect(
            rest.attributes(at: IndexPath(section: 0, item: 3))?.shape?.cornerRadius?.uniform == 12)
    }

    @Test func rulesWinOverTheCellStyleMemberByMember() throws {
        let border = ElementBorder(width: 2, color: Color(red: 1, green: 0, blue: 0))
        var grid = Self.styled(
            .grid(GridLayout(columns: 2)), ElementShape(cornerRadius: .init(12), border: border))
        var style = ItemStyle(alpha: 0.5)
        style.shape = ElementShape(
            cornerRadius: CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4))
        grid.itemStyles = [ItemStyleRule(.items([IndexPath(section: 0, item: 1)]), style: style)]
        let layout = try grid.prepare(viewport: Self.viewport, model: ItemModel(count: 3))
        let one = try #require(layout.attributes(at: IndexPath(section: 0, item: 1)))
        #expect(one.alpha == 0.5 && one.shape?.border == border)
        #expect(one.shape?.cornerRadius?.all == [1, 2, 3, 4])
        let zero = try #require(layout.attributes(at: IndexPath(section: 0, item: 0)))
        #expect(zero.shape?.cornerRadius?.uniform == 12 && zero.alpha == 1)
        // Elements without any shape carry none, and cost one nil reference.
        let plain = try LayoutSpec.grid(GridLayout(columns: 2)).prepare(
            viewport: Self.viewport, model: ItemModel(count: 3))
        #expect(plain.attributes(at: IndexPath(section: 0, item: 0))?.shape == nil)
    }

    @Test func aSideWithoutAMemberGoesFromOrToItsAbsence() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let shadow = ElementShadow(radius: 8, opacity: 0.4, offset: Point(x: 0, y: 4), color: red)
        let list = LayoutSpec.list(ListLayout(rowHeight: 40))
        let grid = Self.styled(
            .grid(GridLayout(columns: 2)),
            ElementShape(border: ElementBorder(width: 4, color: red), shadow: shadow))
        let t = try Self.transition(from: list, to: grid)
        let e = try #require(Self.cells(t, at: 0.25).first?.shape)
        #expect(e.cornerRadius == nil)
        #expect(e.border == ElementBorder(width: 1, color: red))
        #expect(e.shadow?.radius == 8 && approx(e.shadow?.opacity ?? 0, 0.1))
        #expect(e.shadow?.offset == Point(x: 0, y: 4) && e.shadow?.color == red)
        #expect(Self.cells(t, at: 0).first?.shape == nil)
    }

    @Test func coloursFollowTheColourSpaceAndLengthsClampInOvershoot() throws {
        let black = Color(red: 0, green: 0, blue: 0)
        let white = Color(red: 1, green: 1, blue: 1)
        let list = Self.styled(
            .list(ListLayout(rowHeight: 40)),
            ElementShape(cornerRadius: .init(4), border: ElementBorder(width: 1, color: black)))
        let grid = Self.styled(
            .grid(GridLayout(columns: 2)),
            ElementShape(cornerRadius: .init(12), border: ElementBorder(width: 3, color: white)))
        var options = TransitionOptions()
        options.colorSpace = .linearSRGB
        let t = try Self.transition(from: list, to: grid, options: options)
        let mid = try #require(Self.cells(t, at: 0.5).first?.shape?.border)
        #expect(mid.width == 2)
        #expect(mid.color == ColorSpace.linearSRGB.interpolate(black, white, 0.5))
        // Past the end numbers extrapolate; below the start they stop at 0.
        let over = try #require(Self.cells(t, at: 1.25).first?.shape)
        #expect(over.cornerRadius?.uniform == 14 && over.border?.width == 3.5)
        #expect(over.border?.color == white)
        let under = try #require(Self.cells(t, at: -1).first?.shape)
        #expect(under.cornerRadius?.uniform == 0 && under.border?.width == 0)
    }

    @Test(arguments: [
        (ContentFade.in, [(0.0, 1.0, 0.0), (0.5, 1, 0.5), (1, 1, 1)]),
        (.out, [(0, 1, 1), (0.25, 0.75, 1), (1, 0, 1)]),
        (.cross, [(0, 1, 0), (0.25, 0.75, 0.25), (1, 0, 1)]),
        (.through, [(0, 1, 0), (0.175, 0.5, 0), (0.35, 0, 0), (0.675, 0, 0.5), (1, 0, 1)]),
    ])
    func contentAlphaFollowsTheFade(fade: ContentFade, stops: [(Double, Double, Double)]) throws {
        var options = TransitionOptions()
        options.contentFade = fade
        let t = try Self.transition(
            from: .list(ListLayout(rowHeight: 40)), to: .grid(GridLayout(columns: 2)),
            options: options)
        for (p, outgoing, incoming) in stops {
            for e in Self.cells(t, at: p) {
                let alpha = try #require(e.shape?.content?.alpha, "p \(p)")
                #expect(
                    approx(alpha.outgoing, outgoing) && approx(alpha.incoming, incoming), "p \(p)")
                #expect(e.shape?.content?.scale == nil && e.shape?.cornerRadius == nil)
            }
        }
    }

    @Test func elementsOfOneSideCarryNoContentLayersAndFrozenOnesNone() throws {
        var options = TransitionOptions()
        options.contentFade = .cross
        options.contentResize = .scale
        let t = try Self.transition(
            from: .list(ListLayout(rowHeight: 40)), to: .grid(GridLayout(columns: 2)),
            model: ItemModel(count: 3), toModel: ItemModel(count: 5), options: options)
        let mid = Self.cells(t, at: 0.5)
        #expect(mid.count == 5)
        for e in mid {
            let matched = e.indexPath.item < 3
            #expect((e.shape?.content != nil) == matched, "\(e.key)")
        }
        let frozen = FrozenLayout(transition: t, progress: 0.5)
        let poses = frozen.allAttributes()
        #expect(!poses.isEmpty && poses.allSatisfy { $0.shape == nil })
    }

    @Test func contentScaleKeepsEachSidesSize() throws {
        var options = TransitionOptions()
        options.contentResize = .scale
        // A 200 x 40 row to a 100 x 100 cell.
        let t = try Self.transition(
            from: .list(ListLayout(rowHeight: 40)), to: .grid(GridLayout(columns: 2)),
            options: options)
        let e = try #require(Self.cells(t, at: 0.5).first)
        #expect(e.frame.size == Size(width: 150, height: 70))
        let s = try #require(e.shape?.content?.scale)
        #expect(
            s.outgoingX == 0.75 && s.outgoingY == 1.75 && s.incomingX == 1.5 && s.incomingY == 0.7)
        #expect(e.shape?.content?.alpha == nil)
    }

    @Test func badShapesAreRefusedNamingTheField() throws {
        func refusal(_ shape: ElementShape) -> String? {
            var spec = LayoutSpec.list(ListLayout(rowHeight: 40))
            var style = ItemStyle()
            style.shape = shape
            spec.itemStyles = [
                ItemStyleRule(.items([IndexPath(section: 0, item: 0)]), style: style)
            ]
            do {
                try spec.validate(viewport: Self.viewport, model: ItemModel(count: 2))
                return nil
            } catch {
                return error.field
            }
        }
        let black = Color(red: 0, green: 0, blue: 0)
        #expect(
            refusal(ElementShape(cornerRadius: .init(-1))) == "layout.itemStyles[0].cornerRadius")
        #expect(
            refusal(
                ElementShape(
                    cornerRadius: .init(topLeft: 1, topRight: 2, bottomRight: -3, bottomLeft: 4)))
                == "layout.itemStyles[0].cornerRadius[2]")
        #expect(
            refusal(ElementShape(border: ElementBorder(width: -1, color: black)))
                == "layout.itemStyles[0].border.width")
        #expect(
            refusal(
                ElementShape(
                    shadow: ElementShadow(radius: -2, opacity: 1, offset: .zero, color: black)))
                == "layout.itemStyles[0].shadow.radius")
        #expect(
            refusal(
                ElementShape(
                    shadow: ElementShadow(radius: 2, opacity: 1.5, offset: .zero, color: black)))
                == "layout.itemStyles[0].shadow.opacity")
        var spec = LayoutSpec.list(ListLayout(rowHeight: 40))
        var style = ItemStyle()
        style.shape = ElementShape(cornerRadius: .init(.nan))
        spec.cellStyle = style
        #expect(throws: ValidationError.self) {
            try spec.validate(viewport: Self.viewport, model: ItemModel(count: 2))
        }
    }

    /// Random shapes on random layouts, at random progress with overshoot: lengths and
    /// opacities stay in range, content alphas in 0...1, and banded equals listed.
    @Test(arguments: 0..<30)
    func shapesStayInRange(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(seed))
        func randomShape() -> ElementShape {
            let color = Color(
                red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.unit())
            return ElementShape(
                cornerRadius: Bool.random(using: &rng)
                    ? CornerRadii(
                        topLeft: rng.quarter(0...30), topRight: rng.quarter(0...30),
                        bottomRight: rng.quarter(0...30), bottomLeft: rng.quarter(0...30)) : nil,
                border: Bool.random(using: &rng)
                    ? ElementBorder(width: rng.quarter(0...6), color: color) : nil,
                shadow: Bool.random(using: &rng)
                    ? ElementShadow(
                        radius: rng.quarter(0...20), opacity: rng.unit(),
                        offset: Point(x: rng.quarter(-9...9), y: rng.quarter(-9...9)), color: color)
                    : nil)
        }
        var options = TransitionOptions()
        options.contentFade = ContentFade.allCases.randomElement(using: &rng)!
        options.contentResize = ContentResize.allCases.randomElement(using: &rng)!
        let from = Self.styled(TransitionPropertyTests.randomSpec(&rng), randomShape())
        let to = Self.styled(TransitionPropertyTests.randomSpec(&rng), randomShape())
        let model = ItemModel(count: Int.random(in: 1...30, using: &rng))
        let t = try Self.transition(from: from, to: to, model: model, options: options)
        let listed = try Self.transition(
            from: from, to: to, model: model, options: options, banding: false)
        for _ in 0..<8 {
            let p = Double.random(in: -0.6...1.6, using: &rng)
            let cells = Self.cells(t, at: p)
            #expect(
                TransitionPropertyTests.sorted(cells)
                    == TransitionPropertyTests.sorted(Self.cells(listed, at: p)), "seed \(seed)")
            for e in cells {
                let s = e.shape
                for r in s?.cornerRadius?.all ?? [] { #expect(r >= 0, "seed \(seed) p \(p)") }
                #expect((s?.border?.width ?? 0) >= 0, "seed \(seed) p \(p)")
                #expect((s?.shadow?.radius ?? 0) >= 0, "seed \(seed) p \(p)")
                let opacity = s?.shadow?.opacity ?? 0
                #expect(opacity >= 0 && opacity <= 1, "seed \(seed) p \(p)")
                if let alpha = s?.content?.alpha {
                    #expect(alpha.outgoing >= 0 && alpha.outgoing <= 1, "seed \(seed) p \(p)")
                    #expect(alpha.incoming >= 0 && alpha.incoming <= 1, "seed \(seed) p \(p)")
                }
                #expect(
                    e.kind != .cell || (s?.content != nil) == options.hasContentLayers,
                    "seed \(seed)")
            }
        }
    }
}
