import Testing

@testable import TransitionEngine

/// The layout vectors of `docs/semantics.md` §6.
@Suite struct LayoutVectorTests {
    let viewport = Viewport(width: 375, height: 667)
    let model = ItemModel(count: 100)

    static let classmethodList = FlowLayout(
        itemSize: Size(width: 375, height: 60), minimumLineSpacing: 0, minimumInteritemSpacing: 0)
    static let classmethodGrid = FlowLayout(
        itemSize: Size(width: 172.5, height: 172.5), minimumLineSpacing: 5,
        minimumInteritemSpacing: 0, sectionInset: EdgeInsets(all: 10))

    @Test func flowList() throws {
        let layout = Self.classmethodList.prepare(viewport: viewport, model: model)
        #expect(layout.contentSize == Size(width: 375, height: 6000))
        for i in 0..<100 {
            #expect(
                layout.attributes(at: IndexPath(0, i))?.frame
                    == Rect(x: 0, y: 60 * Double(i), width: 375, height: 60))
        }
    }

    @Test func listPresetMatchesFlow() throws {
        let layout = try LayoutSpec.list(ListLayout(rowHeight: 60)).prepare(
            viewport: viewport, model: model)
        let flow = Self.classmethodList.prepare(viewport: viewport, model: model)
        #expect(layout.contentSize == flow.contentSize)
        #expect(layout.allAttributes().map(\.frame) == flow.allAttributes().map(\.frame))
        #expect(layout.stateName == "list")
    }

    @Test func flowGrid() throws {
        let layout = Self.classmethodGrid.prepare(viewport: viewport, model: model)
        #expect(layout.contentSize == Size(width: 375, height: 8890))
        let origins: [(Double, Double)] = [
            (10, 10), (192.5, 10), (10, 187.5), (192.5, 187.5), (10, 365), (192.5, 365),
        ]
        for (i, o) in origins.enumerated() {
            #expect(
                layout.attributes(at: IndexPath(0, i))?.frame
                    == Rect(x: o.0, y: o.1, width: 172.5, height: 172.5))
        }
    }

    @Test func gridPresetMatchesFlow() throws {
        let spec = LayoutSpec.grid(
            GridLayout(columns: 2, spacing: 10, lineSpacing: 5, inset: EdgeInsets(all: 10)))
        let layout = try spec.prepare(viewport: viewport, model: model)
        let flow = Self.classmethodGrid.prepare(viewport: viewport, model: model)
        #expect(layout.contentSize == flow.contentSize)
        #expect(layout.allAttributes().map(\.frame) == flow.allAttributes().map(\.frame))
        #expect(layout.stateName == "grid")
    }

    @Test func displaySwitchList() {
        let layout = DisplaySwitchLayout(mode: .list, staticCellHeight: 80).prepare(
            viewport: viewport, model: model)
        #expect(layout.contentSize == Size(width: 375, height: 8600))
        for i in 0..<100 {
            #expect(
                layout.attributes(at: IndexPath(0, i))?.frame
                    == Rect(x: 6, y: 86 * Double(i) + 6, width: 363, height: 74))
        }
        #expect(layout.stateName == "list")
    }

    @Test func displaySwitchGrid() {
        let layout = DisplaySwitchLayout(mode: .grid, staticCellHeight: 165).prepare(
            viewport: viewport, model: model)
        #expect(layout.contentSize == Size(width: 375, height: 5814))
        let origins: [(Double, Double)] = [
            (6, 6), (131, 6), (256, 6), (6, 177), (131, 177), (256, 177),
        ]
        for (i, o) in origins.enumerated() {
            #expect(
                layout.attributes(at: IndexPath(0, i))?.frame
                    == Rect(x: o.0, y: o.1, width: 113, height: 159))
        }
        #expect(layout.stateName == "grid")
    }

    @Test func displaySwitchStacksEverySection() {
        let two = ItemModel(sections: [SectionModel(count: 4), SectionModel(count: 2)])
        let layout = DisplaySwitchLayout(mode: .grid, staticCellHeight: 165).prepare(
            viewport: viewport, model: two)
        // Section 0 takes two rows (2 x 171); section 1 starts below it.
        #expect(layout.contentSize.height == 3 * 171)
        #expect(
            layout.attributes(at: IndexPath(1, 0))?.frame
                == Rect(x: 6, y: 342 + 6, width: 113, height: 159))
        #expect(
            layout.attributes(at: IndexPath(1, 1))?.frame
                == Rect(x: 131, y: 342 + 6, width: 113, height: 159))
    }
}
