import Testing

@testable import TransitionEngine

/// Walking cells in order gives the frames `cellFrame` computes, across line ends,
/// sections, jumps and per-item sizes.
@Suite struct CellWalkTests {
    static let viewport = Viewport(width: 375, height: 800)

    static func walkMatchesCellFrame(_ spec: LayoutSpec, _ model: ItemModel) throws {
        let prepared = try spec.prepare(viewport: viewport, model: model)
        guard case .sectioned(let layout) = prepared else {
            Issue.record("not a sectioned layout")
            return
        }
        var visits: [(Int, Int)] = []
        for (s, section) in model.sections.enumerated() {
            visits += (0..<section.count).map { (s, $0) }
        }
        // In order, then with jumps back and ahead.
        visits += [(0, 5), (0, 2), (0, 3), (0, 9), (0, 10), (0, 11)].filter {
            $0.1 < model.sections[$0.0].count
        }
        var walk = CellWalk()
        for (s, i) in visits {
            let walked = walk.frame(in: layout, section: s, item: i)
            #expect(walked == layout.cellFrame(section: s, item: i), "section \(s), item \(i)")
        }
    }

    @Test func aUniformGridAcrossLinesAndSections() throws {
        try Self.walkMatchesCellFrame(
            .grid(
                GridLayout(columns: 3, spacing: 2.5, inset: EdgeInsets(all: 4), headerHeight: 20)),
            ItemModel(sections: [
                SectionModel(count: 14), SectionModel(count: 0), SectionModel(count: 7),
            ]))
    }

    @Test func aHorizontalFlowOfOneItemSize() throws {
        try Self.walkMatchesCellFrame(
            .flow(
                FlowLayout(
                    itemSize: Size(width: 60, height: 90), minimumLineSpacing: 4,
                    scrollDirection: .horizontal)),
            ItemModel(count: 23))
    }

    @Test func itemsOfTheirOwnSizes() throws {
        let sizes = (0..<15).map { (i: Int) -> Size in
            let width = 20 + 7 * Double(i % 4)
            return Size(width: width, height: 30 + Double(i))
        }
        try Self.walkMatchesCellFrame(
            .flow(FlowLayout(itemSize: Size(width: 40, height: 40), minimumInteritemSpacing: 3)),
            ItemModel(sections: [SectionModel(count: 15, sizes: sizes), SectionModel(count: 4)]))
    }
}
