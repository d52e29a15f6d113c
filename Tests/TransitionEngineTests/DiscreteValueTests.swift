import Testing

@testable import TransitionEngine

/// Booleans and strings in values and accessory switch at the transition's
/// `discreteSwitch` (default element progress 0.5), as the article's
/// `bottomView.hidden` and the DisplaySwitcher toggle button's title do.
@Suite struct DiscreteValueTests {
    static let list = LayoutSpec(
        .list(ListLayout(rowHeight: 40)),
        values: [
            CustomValue(name: "hidden", value: .bool(true)),
            CustomValue(name: "label", value: .string("row")),
        ],
        accessory: [CustomValue(name: "title", value: .string("Grid"))])
    static let grid = LayoutSpec(
        .grid(GridLayout(columns: 2)),
        values: [
            CustomValue(name: "hidden", value: .bool(false)),
            CustomValue(name: "label", value: .string("tile")),
        ],
        accessory: [CustomValue(name: "title", value: .string("List"))])

    static func values(_ t: Transition, at p: Double) -> [CustomValue] {
        t.attributes(of: .cell(0, 1), inSource: true, at: p)?.values ?? []
    }

    @Test func theyFlipHalfWayByDefaultAndWhereSet() throws {
        for (point, before, after) in [(0.5, 0.49, 0.5), (0.2, 0.19, 0.2), (1.0, 0.99, 1.0)] {
            var scene = try Scene(
                spec: Self.list, model: ItemModel(count: 3),
                viewport: Viewport(width: 200, height: 300))
            _ = try scene.startTransition(
                to: Self.grid, options: TransitionOptions(discreteSwitch: point),
                timing: TransitionTiming(duration: 1), at: 0)
            let t = try #require(scene.active).geometry
            #expect(Self.values(t, at: before) == Self.list.values, "switch \(point)")
            #expect(Self.values(t, at: after) == Self.grid.values, "switch \(point)")
            #expect(t.accessory(at: before) == Self.list.accessory)
            #expect(t.accessory(at: after) == Self.grid.accessory)
            // Overshoot keeps the nearer side's.
            #expect(
                Self.values(t, at: 1.3) == Self.grid.values
                    && Self.values(t, at: -0.3) == Self.list.values)
            // Banded cells agree.
            var cells: [LayoutAttributes] = []
            t.forEachAttributes(at: after, in: .everything) { cells.append($0) }
            #expect(cells.allSatisfy { $0.values == Self.grid.values })
        }
    }
}
