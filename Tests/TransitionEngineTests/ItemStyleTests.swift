import Testing

@testable import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Per-item styling: explicit item objects and `itemStyles` rules; transforms by
/// components; zIndex switching half way.
@Suite struct ItemStyleTests {
    static let viewport = Viewport(width: 200, height: 300)

    @Test func aHalfTurnTurnsInsteadOfCollapsing() throws {
        var list = LayoutSpec.list(ListLayout(rowHeight: 40))
        var grid = LayoutSpec.grid(GridLayout(columns: 2))
        list.itemStyles = [
            ItemStyleRule(.items([IndexPath(section: 0, item: 1)]), style: ItemStyle(zIndex: 1))
        ]
        grid.itemStyles = [
            ItemStyleRule(
                .items([IndexPath(section: 0, item: 1)]),
                style: ItemStyle(
                    alpha: 0.5, zIndex: 3,
                    transform: ItemTransform(scaleX: 2, scaleY: 2, rotation: .pi),
                    values: [CustomValue(name: "radius", value: .number(8))])),
            // Later rules win, member by member.
            ItemStyleRule(.items([IndexPath(section: 0, item: 1)]), style: ItemStyle(alpha: 0.25)),
        ]
        var scene = try Scene(spec: list, model: ItemModel(count: 3), viewport: Self.viewport)
        _ = try scene.startTransition(to: grid, timing: TransitionTiming(duration: 1), at: 0)
        let t = try #require(scene.active).geometry
        let key = ElementKey.cell(0, 1)
        let mid = try #require(t.attributes(of: key, inSource: true, at: 0.5))
        // Scale 1.5 and a quarter turn: the matrix of a turned square, not a collapsed one.
        let m = try #require(mid.transform)
        #expect(abs(m.a) < 1e-12 && approx(m.b, 1.5) && approx(m.c, -1.5) && abs(m.d) < 1e-12)
        #expect(approx(mid.alpha, 0.625))
        // A value on one side only is kept as it is (7.4).
        #expect(mid.values == [CustomValue(name: "radius", value: .number(8))])
        #expect(t.attributes(of: key, inSource: true, at: 0.49)?.zIndex == 1)
        #expect(t.attributes(of: key, inSource: true, at: 0.5)?.zIndex == 3)
        let end = try #require(t.attributes(of: key, inSource: true, at: 1))
        #expect(end.alpha == 0.25 && end.zIndex == 3 && end.itemTransform?.rotation == .pi)
        // Unstyled items keep the layout's defaults.
        let plain = try #require(t.attributes(of: .cell(0, 0), inSource: true, at: 0.5))
        #expect(
            plain.transform == nil && plain.alpha == 1 && plain.zIndex == 0 && plain.values.isEmpty)
        // Banded and listed agree with styles.
        let listed = try Transition(
            from: t.from, to: t.to, options: t.options, duration: 1, allowBanding: false)
        for p in [0.0, 0.3, 0.5, 0.8, 1.0, 1.2] {
            var a: [LayoutAttributes] = []
            var b: [LayoutAttributes] = []
            t.forEachAttributes(at: p, in: .everything) { a.append($0) }
            listed.forEachAttributes(at: p, in: .everything) { b.append($0) }
            #expect(
                TransitionPropertyTests.sorted(a) == TransitionPropertyTests.sorted(b), "p \(p)")
        }
    }

    @Test func explicitItemsCarryTheirStyleAndIdsSelect() throws {
        let model = ItemModel(sections: [
            SectionModel(count: 2, ids: [.string("a"), .string("b")]),
            SectionModel(count: 1, ids: [.string("c")]),
        ])
        var explicit = LayoutSpec.explicit([
            Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10),
            Rect(x: 40, y: 0, width: 10, height: 10),
        ])
        explicit.itemStyles = [
            ItemStyleRule(
                .globalIndices([2]),
                style: ItemStyle(alpha: 0.5, transform: ItemTransform(translateX: 5))),
            ItemStyleRule(.ids([.string("c"), .string("a")]), style: ItemStyle(zIndex: 7)),
        ]
        let layout = try explicit.prepare(viewport: Self.viewport, model: model)
        let c = try #require(layout.attributes(at: IndexPath(section: 1, item: 0)))
        #expect(
            c.alpha == 0.5 && c.zIndex == 7
                && c.transform == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: 0))
        #expect(layout.attributes(at: IndexPath(section: 0, item: 0))?.zIndex == 7)
        #expect(layout.attributes(at: IndexPath(section: 0, item: 1))?.zIndex == 0)
        var bad = explicit
        bad.itemStyles = [ItemStyleRule(.ids([.string("z")]), style: ItemStyle(zIndex: 1))]
        #expect(throws: ValidationError.self) {
            try bad.prepare(viewport: Self.viewport, model: model)
        }
        bad.itemStyles = [
            ItemStyleRule(.items([IndexPath(section: 0, item: 1)]), style: ItemStyle(alpha: 2))
        ]
        #expect(throws: ValidationError.self) {
            try bad.prepare(viewport: Self.viewport, model: model)
        }
    }
}

extension ItemStyleTests {
    @Test func errorsNameTheExplicitItemOrTheRule() throws {
        let model = ItemModel(count: 2)
        var spec = LayoutSpec.explicit([
            Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 20, width: 10, height: 10),
        ])
        spec.itemStyles = [
            ItemStyleRule(.globalIndices([1]), style: ItemStyle(alpha: 3))
        ]
        #expect(
            throws: ValidationError(
                field: "layout.frames[1].alpha", message: "must be a number from 0 to 1, got 3.0")
        ) {
            try spec.prepare(viewport: Self.viewport, model: model)
        }
        spec.itemStyles = [
            ItemStyleRule(.globalIndices([0]), style: ItemStyle(zIndex: 1)),
            ItemStyleRule(.items([IndexPath(section: 0, item: 5)]), style: ItemStyle(zIndex: 1)),
        ]
        #expect(
            throws: ValidationError(
                field: "layout.itemStyles[0].items[0]",
                message: "no item at \(IndexPath(section: 0, item: 5))")
        ) {
            try spec.prepare(viewport: Self.viewport, model: model)
        }
    }
}
