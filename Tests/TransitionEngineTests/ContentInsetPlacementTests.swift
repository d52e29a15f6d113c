import Testing

@testable import TransitionEngine

/// `"inset": "content"`: the placement rect is the viewport inset by the session's
/// content inset; without it TLLayoutTransitioning's rule stays (the placement inset only).
@Suite struct ContentInsetPlacementTests {
    static let viewport = Viewport(
        size: Size(width: 375, height: 667),
        contentInset: EdgeInsets(top: 20, left: 0, bottom: 30, right: 0))

    static func target(insetByContent: Bool, placement: Placement = .top) throws -> (
        offset: Point, frame: Rect
    ) {
        let list = LayoutSpec.list(ListLayout(rowHeight: 60))
        let grid = LayoutSpec.grid(GridLayout(columns: 2, spacing: 10))
        var scene = try Scene(spec: list, model: ItemModel(count: 100), viewport: viewport)
        let item = IndexPath(section: 0, item: 20)
        let started = try scene.startTransition(
            to: grid,
            options: TransitionOptions(
                contentOffset: .placement(placement, items: [item], insetByContent: insetByContent)),
            at: 0)
        let frame = try #require(started.transition.geometry.to.layout.attributes(at: item)).frame
        return (started.transition.geometry.to.contentOffset, frame)
    }

    @Test func topPutsTheItemUnderTheInsetByDefaultAndAtItsEdgeWithContent() throws {
        let plain = try Self.target(insetByContent: false)
        #expect(plain.offset.y == plain.frame.minY)
        let content = try Self.target(insetByContent: true)
        #expect(content.offset.y == content.frame.minY - 20)
        let bottom = try Self.target(insetByContent: true, placement: .bottom)
        #expect(bottom.offset.y == bottom.frame.maxY - (667 - 30))
    }
}
