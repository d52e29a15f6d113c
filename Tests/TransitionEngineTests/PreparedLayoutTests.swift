import Testing

@testable import TransitionEngine

/// `PreparedLayout` holds each spec's prepared type and answers exactly as it does.
@Suite struct PreparedLayoutTests {
    static let viewport = Viewport(width: 320, height: 480)
    static let model = ItemModel(sections: [SectionModel(count: 7), SectionModel(count: 3)])

    static func specs() -> [(spec: LayoutSpec, sectioned: Bool)] {
        let frames = (0..<10).map {
            Rect(x: Double($0 % 3) * 100, y: Double($0 / 3) * 90, width: 90, height: 80)
        }
        return [
            (.flow(FlowLayout(itemSize: Size(width: 70, height: 40))), true),
            (.list(ListLayout(rowHeight: 44, headerHeight: 20)), true),
            (.grid(GridLayout(columns: 3, spacing: 4)), true),
            (.displaySwitch(DisplaySwitchLayout(mode: .grid, staticCellHeight: 60)), true),
            (.explicit(frames), false),
        ]
    }

    /// Every query the enum answers, against the same query on the type it holds.
    static func expectSameAnswers(_ prepared: PreparedLayout, _ layout: some Layout, _ name: String)
    {
        #expect(prepared.contentSize == layout.contentSize, "\(name)")
        #expect(prepared.scrollAxis == layout.scrollAxis, "\(name)")
        #expect(prepared.stateName == layout.stateName, "\(name)")
        #expect(prepared.model == layout.model, "\(name)")
        #expect(prepared.allAttributes() == layout.allAttributes(), "\(name)")
        let rect = Rect(x: 0, y: 0, width: 320, height: 200)
        var limited: [LayoutAttributes] = []
        let complete = prepared.forEachAttributes(in: rect, limit: 3) { limited.append($0) }
        #expect(!complete && limited == Array(layout.attributes(in: rect).prefix(3)), "\(name)")
        for item in 0..<7 {
            let key = ElementKey(.cell, IndexPath(section: 0, item: item))
            #expect(prepared.attributes(at: key) == layout.attributes(at: key), "\(name)")
            #expect(
                prepared.cellBand(section: 0, item: item)
                    == layout.cellBand(section: 0, item: item), "\(name)")
        }
    }

    @Test func eachSpecPreparesIntoItsTypeAndAnswersAsIt() throws {
        for (spec, sectioned) in Self.specs() {
            let prepared = try spec.prepare(viewport: Self.viewport, model: Self.model)
            switch prepared {
            case .sectioned(let layout):
                #expect(sectioned, "\(spec.typeName)")
                Self.expectSameAnswers(prepared, layout, spec.typeName)
            case .explicit(let layout):
                #expect(!sectioned, "\(spec.typeName)")
                Self.expectSameAnswers(prepared, layout, spec.typeName)
            case .frozen:
                Issue.record("\(spec.typeName) prepared into a frozen layout")
            }
        }
    }

    @Test func cancelInPlaceLeavesAFrozenLayoutThatAnswersAsIt() throws {
        let grid = LayoutSpec.grid(GridLayout(columns: 3, spacing: 4))
        var scene = try Scene(
            spec: .list(ListLayout(rowHeight: 44)), model: Self.model, viewport: Self.viewport)
        _ = try scene.startTransition(to: grid, timing: TransitionTiming(duration: 1), at: 0)
        _ = try scene.cancelInPlace(at: 0.4)
        let frozen = try #require(scene.placed.layout.frozen)
        Self.expectSameAnswers(scene.placed.layout, frozen, "frozen")
        #expect(scene.placed.layout.sectioned == nil && scene.placed.layout.explicit == nil)
    }
}
