import TestSupport
import Testing

@testable import TransitionEngine

/// Attributes held column by column: what goes in comes back, the optional columns stay
/// empty until an element needs them, and gathering into columns finds what the
/// closure enumeration finds.
@Suite struct AttributeColumnsTests {
    static func cell(_ item: Int, state: String = "grid") -> LayoutAttributes {
        LayoutAttributes(
            key: .cell(0, item), frame: Rect(x: Double(item), y: 2, width: 10, height: 12),
            transitionProgress: 0.25, nextFrame: Rect(x: 0, y: Double(item), width: 8, height: 8),
            layoutState: state)
    }

    @Test func plainCellsFillOnlyTheColumnsEveryElementHas() {
        let columns = AttributeColumns((0..<5).map { Self.cell($0) })
        #expect(columns.count == 5)
        #expect(columns.placements.map(\.key.indexPath.item) == [0, 1, 2, 3, 4])
        #expect(columns.placements[3].frame == Rect(x: 3, y: 2, width: 10, height: 12))
        #expect(columns.placements[4].nextFrame == Rect(x: 0, y: 4, width: 8, height: 8))
        #expect(columns.placements.map(\.progress) == [0.25, 0.25, 0.25, 0.25, 0.25])
        #expect(columns.stateNames == ["grid"])
        #expect(columns.alphas.isEmpty && columns.zIndices.isEmpty && columns.layoutStates.isEmpty)
        #expect(columns.ids.isEmpty && columns.extras.isEmpty && !columns.hasExtras)
        #expect(columns.alpha(2) == 1 && columns.zIndex(2) == 0 && columns.layoutState(2) == 0)
        #expect(columns.records == (0..<5).map { Self.cell($0) })
    }

    @Test func theFirstElementThatDiffersFillsInTheOnesBefore() {
        var list = (0..<6).map { Self.cell($0) }
        list[2].alpha = 0.5
        list[3].zIndex = 4
        list[3].id = .string("three")
        list[4].layoutState = "list"
        list[4].isHidden = true
        list[5].nextFrame = nil
        list[5].transform = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 1, ty: 0)
        list[5].values = [CustomValue(name: "radius", value: .number(3))]
        let columns = AttributeColumns(list)
        #expect(columns.alphas == [1, 1, 0.5, 1, 1, 1])
        #expect(columns.zIndices == [0, 0, 0, 4, 0, 0])
        #expect(columns.ids == [nil, nil, nil, .string("three"), nil, nil])
        #expect(columns.stateNames == ["grid", "list"])
        #expect(columns.layoutStates == [0, 0, 0, 0, 1, 0])
        #expect(columns.extras.count == 6)
        #expect(columns.extras.map(\.isHidden) == [false, false, false, false, true, false])
        #expect(columns.extras.map(\.hasNextFrame) == [true, true, true, true, true, false])
        // The frame stands in for a next frame an element does not have.
        #expect(columns.placements[5].nextFrame == list[5].frame)
        #expect(columns.records == list)
        // Emptied, the columns start over.
        var reused = columns
        reused.removeAll()
        #expect(reused.isEmpty && reused.stateNames.isEmpty && reused.alphas.isEmpty)
        reused.append(Self.cell(9, state: "flow"))
        #expect(reused.stateNames == ["flow"] && reused.layoutStates.isEmpty)
        #expect(reused.records == [Self.cell(9, state: "flow")])
    }

    /// Gathering (the tick's path, whose plain cells never become records) against brute
    /// force (every pair interpolated, then filtered), over random layouts with and
    /// without stagger, custom values and styles.
    @Test(arguments: 0..<32)
    func gatheringFindsWhatBruteForceFinds(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(900 + seed))
        let stagger: Stagger? =
            seed % 2 == 0
            ? nil : Stagger(delay: 0.01, order: seed % 4 == 1 ? .index : .distance(from: nil))
        var t = try TransitionPropertyTests.randomTransition(
            seed: UInt64(seed), options: TransitionOptions(stagger: stagger))
        if seed % 3 == 0 {
            // Values every cell carries, and an item of its own style.
            var fromSpec = try #require(t.from.spec)
            var toSpec = try #require(t.to.spec)
            fromSpec.values = [CustomValue(name: "tint", value: .number(0))]
            toSpec.values = [CustomValue(name: "tint", value: .number(1))]
            if seed % 2 == 0 {
                toSpec.itemStyles = [
                    ItemStyleRule(
                        .items([IndexPath(section: 0, item: 0)]), style: ItemStyle(alpha: 0.5))
                ]
            }
            let model = t.from.layout.model
            let from = PlacedLayout(
                layout: try fromSpec.prepare(viewport: t.from.viewport, model: model),
                spec: fromSpec, viewport: t.from.viewport, contentOffset: t.from.contentOffset)
            let to = PlacedLayout(
                layout: try toSpec.prepare(viewport: t.to.viewport, model: model), spec: toSpec,
                viewport: t.to.viewport, contentOffset: .zero)
            t = try Transition(from: from, to: to, options: t.options, duration: 0.5)
        }
        #expect(t.bandedCells)
        // Within 0...1: past the ends the banded search widens its rect by a bound that
        // brute force does not share.
        for p in [0, 1] + (0..<8).map({ _ in Double.random(in: 0...1, using: &rng) }) {
            let rect = t.visibleRect(at: p)
            var gathered = AttributeColumns()
            #expect(t.gatherAttributes(at: p, in: rect, into: &gathered))
            let expected = TransitionPropertyTests.bruteForce(t, at: p, in: rect)
            #expect(
                TransitionPropertyTests.sorted(gathered.records)
                    == TransitionPropertyTests.sorted(expected), "seed \(seed), p \(p)")
        }
    }

    @Test func idsOfTheModelComeThroughTheColumns() throws {
        let model = ItemModel(sections: [
            SectionModel(count: 40, ids: (0..<40).map { .int(Int64(1000 + $0)) })
        ])
        var scene = try Scene(
            spec: .list(ListLayout(rowHeight: 30)), model: model,
            viewport: Viewport(width: 200, height: 300))
        _ = try scene.startTransition(
            to: .grid(GridLayout(columns: 3)), timing: TransitionTiming(duration: 1), at: 0)
        let frame = try #require(scene.frame(at: 0.4))
        var columns = AttributeColumns()
        #expect(frame.gatherVisibleAttributes(into: &columns))
        var list: [LayoutAttributes] = []
        frame.forEachVisibleAttributes { list.append($0) }
        #expect(!list.isEmpty && columns.records == list)
        #expect(columns.ids.count == columns.count)
        #expect(columns.id(0) == .int(1000 + Int64(columns.placements[0].key.indexPath.item)))
    }
}
