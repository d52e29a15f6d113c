import Testing

@testable import TransitionEngine

/// Session-level accessory values (DisplaySwitcher's toggle button) follow the progress.
@Suite struct AccessoryTests {
    @Test func accessoryValuesInterpolateAndFreeze() throws {
        let list = LayoutSpec(
            .list(ListLayout(rowHeight: 60)),
            accessory: [
                CustomValue(name: "rotation", value: .number(0)),
                CustomValue(name: "tint", value: .color(Color(red: 0, green: 0, blue: 0))),
            ])
        let grid = LayoutSpec(
            .grid(GridLayout(columns: 2)),
            accessory: [
                CustomValue(name: "rotation", value: .number(3.14)),
                CustomValue(name: "tint", value: .color(Color(red: 1, green: 1, blue: 1))),
            ])
        var scene = try Scene(
            spec: list, model: ItemModel(count: 10), viewport: Viewport(width: 300, height: 400))
        _ = try scene.startTransition(to: grid, timing: TransitionTiming(duration: 1), at: 0)
        let mid = try #require(scene.frame(at: 0.25)).accessory
        #expect(
            mid == [
                CustomValue(name: "rotation", value: .number(0.785)),
                CustomValue(name: "tint", value: .color(Color(red: 0.25, green: 0.25, blue: 0.25))),
            ])
        _ = try scene.cancelInPlace(at: 0.5)
        #expect(scene.placed.accessory.first == CustomValue(name: "rotation", value: .number(1.57)))
        let end = try #require(scene.frame(at: 0.5) == nil ? scene.placed.accessory : nil)
        #expect(end.count == 2)
    }
}
