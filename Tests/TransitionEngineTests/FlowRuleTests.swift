import Testing

@testable import TransitionEngine

/// The flow rules of `docs/semantics.md` §1 on small hand-checked cases.
@Suite struct FlowRuleTests {
    func frames(_ layout: some Layout) -> [Rect] {
        layout.allAttributes().filter { $0.kind == .cell }.map(\.frame)
    }

    @Test func fullLinesAreJustified() {
        // W = 100, items of 20 with minimum spacing 15: 3 fit, gap (100 - 60) / 2 = 20.
        let flow = FlowLayout(
            itemSize: Size(width: 20, height: 10), minimumLineSpacing: 0,
            minimumInteritemSpacing: 15)
        let layout = flow.prepare(
            viewport: Viewport(width: 100, height: 100), model: ItemModel(count: 4))
        #expect(
            frames(layout) == [
                Rect(x: 0, y: 0, width: 20, height: 10), Rect(x: 40, y: 0, width: 20, height: 10),
                Rect(x: 80, y: 0, width: 20, height: 10),
                // Uniform size: the partial last line keeps the columns of the full line.
                Rect(x: 0, y: 10, width: 20, height: 10),
            ])
    }

    @Test func partialOnlyLineUsesFullLineColumns() {
        let flow = FlowLayout(
            itemSize: Size(width: 20, height: 10), minimumLineSpacing: 0,
            minimumInteritemSpacing: 15)
        let layout = flow.prepare(
            viewport: Viewport(width: 100, height: 100), model: ItemModel(count: 2))
        #expect(frames(layout).map(\.minX) == [0, 40])
    }

    @Test func singleColumnIsCentred() {
        let flow = FlowLayout(
            itemSize: Size(width: 60, height: 10), minimumLineSpacing: 2,
            minimumInteritemSpacing: 5,
            sectionInset: EdgeInsets(top: 1, left: 10, bottom: 3, right: 10))
        let layout = flow.prepare(
            viewport: Viewport(width: 100, height: 100), model: ItemModel(count: 2))
        #expect(
            frames(layout) == [
                Rect(x: 20, y: 1, width: 60, height: 10), Rect(x: 20, y: 13, width: 60, height: 10),
            ])
        #expect(layout.contentSize == Size(width: 100, height: 26))
    }

    @Test func perItemSizes() {
        // W = 100, spacing 10. Line 1: 30 + 40 (+10) fits, 30 + 40 + 50 does not: justified.
        // Line 2: a lone 90 that is not last: centred. Line 3 (last): 20, 10 from the left.
        let sizes = [
            Size(width: 30, height: 10), Size(width: 40, height: 20), Size(width: 90, height: 5),
            Size(width: 20, height: 8), Size(width: 10, height: 4),
        ]
        let flow = FlowLayout(minimumLineSpacing: 1, minimumInteritemSpacing: 10)
        let model = ItemModel(sections: [SectionModel(count: 5, sizes: sizes)])
        let layout = flow.prepare(viewport: Viewport(width: 100, height: 100), model: model)
        #expect(
            frames(layout) == [
                Rect(x: 0, y: 5, width: 30, height: 10),  // centred on a 20-high line
                Rect(x: 60, y: 0, width: 40, height: 20),
                Rect(x: 5, y: 21, width: 90, height: 5),
                Rect(x: 0, y: 27, width: 20, height: 8),
                Rect(x: 30, y: 29, width: 10, height: 4),
            ])
        #expect(layout.contentSize == Size(width: 100, height: 35))
    }

    @Test func headersFootersAndSections() {
        let flow = FlowLayout(
            itemSize: Size(width: 50, height: 10), minimumLineSpacing: 0,
            minimumInteritemSpacing: 0,
            sectionInset: EdgeInsets(top: 2, left: 0, bottom: 3, right: 0),
            headerReferenceSize: Size(width: 0, height: 7),
            footerReferenceSize: Size(width: 0, height: 4))
        let model = ItemModel(sections: [
            SectionModel(count: 3), SectionModel(count: 0), SectionModel(count: 1),
        ])
        let layout = flow.prepare(viewport: Viewport(width: 100, height: 100), model: model)
        let all = layout.allAttributes()
        #expect(
            all.map(\.key) == [
                ElementKey(.header, IndexPath(0, 0)), .cell(0, 0), .cell(0, 1), .cell(0, 2),
                ElementKey(.footer, IndexPath(0, 0)),
                ElementKey(.header, IndexPath(1, 0)), ElementKey(.footer, IndexPath(1, 0)),
                ElementKey(.header, IndexPath(2, 0)), .cell(2, 0),
                ElementKey(.footer, IndexPath(2, 0)),
            ])
        // Section 0: header 0..7, inset 2, rows 9..19 and 19..29, inset 3, footer 32..36.
        #expect(all[0].frame == Rect(x: 0, y: 0, width: 100, height: 7))
        #expect(all[3].frame == Rect(x: 0, y: 19, width: 50, height: 10))
        #expect(all[4].frame == Rect(x: 0, y: 32, width: 100, height: 4))
        // An empty section has its header and footer only.
        #expect(all[5].frame == Rect(x: 0, y: 36, width: 100, height: 7))
        #expect(all[6].frame == Rect(x: 0, y: 43, width: 100, height: 4))
        #expect(all[8].frame == Rect(x: 0, y: 56, width: 50, height: 10))
        #expect(layout.contentSize == Size(width: 100, height: 73))
    }

    @Test func horizontalScrollingSwapsAxes() {
        let flow = FlowLayout(
            itemSize: Size(width: 30, height: 20), minimumLineSpacing: 4,
            minimumInteritemSpacing: 5,
            sectionInset: EdgeInsets(top: 5, left: 1, bottom: 5, right: 2),
            scrollDirection: .horizontal)
        // Usable height 100 - 10 = 90: 3 items of 20 with spacing >= 5 fit (gap 15).
        let layout = flow.prepare(
            viewport: Viewport(width: 200, height: 100), model: ItemModel(count: 4))
        #expect(
            frames(layout) == [
                Rect(x: 1, y: 5, width: 30, height: 20), Rect(x: 1, y: 40, width: 30, height: 20),
                Rect(x: 1, y: 75, width: 30, height: 20), Rect(x: 35, y: 5, width: 30, height: 20),
            ])
        #expect(layout.contentSize == Size(width: 67, height: 100))
        #expect(layout.scrollAxis == .horizontal)
    }

    @Test func contentInsetNarrowsTheLine() {
        let flow = FlowLayout(
            itemSize: Size(width: 20, height: 10), minimumLineSpacing: 0, minimumInteritemSpacing: 0
        )
        let viewport = Viewport(
            width: 100, height: 100,
            contentInset: EdgeInsets(top: 0, left: 10, bottom: 0, right: 30))
        let layout = flow.prepare(viewport: viewport, model: ItemModel(count: 3))
        #expect(layout.contentSize.width == 60)
        #expect(frames(layout).map(\.minX) == [0, 20, 40])
    }

    @Test func uikitDefaults() {
        let flow = FlowLayout()
        #expect(flow.itemSize == Size(width: 50, height: 50))
        #expect(flow.minimumLineSpacing == 10 && flow.minimumInteritemSpacing == 10)
        #expect(flow.sectionInset == .zero && flow.scrollDirection == .vertical)
    }

    @Test func idsAndValuesAreCarried() throws {
        let model = ItemModel(sections: [SectionModel(count: 2, ids: [.string("a"), .int(7)])])
        let spec = LayoutSpec(
            .list(ListLayout(rowHeight: 10)),
            values: [CustomValue(name: "labelOffset", value: .number(4))])
        let layout = try spec.prepare(viewport: Viewport(width: 100, height: 100), model: model)
        let all = layout.allAttributes()
        #expect(all.map(\.id) == [.string("a"), .int(7)])
        #expect(all[1].values == [CustomValue(name: "labelOffset", value: .number(4))])
        #expect(all[1].layoutState == "list")
    }
}
