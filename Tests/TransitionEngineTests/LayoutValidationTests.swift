import TestSupport
import Testing

@testable import TransitionEngine

/// Bad input is a typed error naming the field, never a trap.
@Suite struct LayoutValidationTests {
    let viewport = Viewport(width: 375, height: 667)
    let model = ItemModel(count: 10)

    func error(
        _ spec: LayoutSpec, viewport: Viewport? = nil, model: ItemModel? = nil,
        limits: LayoutLimits = LayoutLimits()
    ) -> ValidationError? {
        do {
            _ = try spec.prepare(
                viewport: viewport ?? self.viewport, model: model ?? self.model, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func negativeNaNAndInfiniteNumbers() {
        var flow = FlowLayout()
        flow.itemSize.width = -1
        #expect(error(.flow(flow))?.field == "layout.itemSize.width")
        flow = FlowLayout()
        flow.minimumLineSpacing = .nan
        #expect(error(.flow(flow))?.field == "layout.minimumLineSpacing")
        flow = FlowLayout()
        flow.minimumInteritemSpacing = -.infinity
        #expect(error(.flow(flow))?.field == "layout.minimumInteritemSpacing")
        flow = FlowLayout()
        flow.sectionInset.left = .infinity
        #expect(error(.flow(flow))?.field == "layout.sectionInset.left")
        flow = FlowLayout()
        flow.headerReferenceSize.height = -3
        let e = error(.flow(flow))
        #expect(e?.field == "layout.headerReferenceSize.height")
        #expect(e?.message == "must be a number from 0 to 1e9, got -3.0")
        flow = FlowLayout()
        flow.itemSize.height = 2e9
        #expect(error(.flow(flow))?.field == "layout.itemSize.height")
        #expect(error(.list(ListLayout(rowHeight: .nan)))?.field == "layout.rowHeight")
        #expect(error(.grid(GridLayout(columns: 0)))?.field == "layout.columns")
        #expect(error(.grid(GridLayout(columns: 2, aspectRatio: 0)))?.field == "layout.aspectRatio")
        // A subnormal ratio would make items infinitely tall.
        let tiny = error(.grid(GridLayout(columns: 2, aspectRatio: 5e-324)))
        #expect(tiny?.field == "layout.aspectRatio")
        #expect(tiny?.message == "must be a number from 1e-6 to 1e6, got 5e-324")
        #expect(
            error(.grid(GridLayout(columns: 2, aspectRatio: 2e6)))?.field == "layout.aspectRatio")
        #expect(error(.grid(GridLayout(columns: 2, aspectRatio: 1e-6))) == nil)
        #expect(
            error(
                .displaySwitch(DisplaySwitchLayout(mode: .grid, staticCellHeight: 4, padding: 6)))?
                .field
                == "layout.staticCellHeight")
    }

    @Test func viewportAndModel() {
        let list = LayoutSpec.list(ListLayout(rowHeight: 60))
        #expect(error(list, viewport: Viewport(width: 0, height: 100))?.field == "viewport.width")
        #expect(error(list, viewport: Viewport(width: 10, height: -1))?.field == "viewport.height")
        #expect(
            error(
                list, viewport: Viewport(width: 10, height: 10, contentInset: EdgeInsets(top: .nan))
            )?.field
                == "contentInset.top")
        #expect(
            error(
                list, model: ItemModel(sections: [SectionModel(count: 1), SectionModel(count: -1)]))?
                .field
                == "sections[1].items")
        #expect(
            error(list, model: ItemModel(sections: [SectionModel(count: 2, ids: [.int(1)])]))?.field
                == "sections[0].ids")
        #expect(
            error(
                list, model: ItemModel(sections: [SectionModel(count: 2, ids: [.int(1), .int(1)])]))?
                .field
                == "sections[0].ids[1]")
        #expect(
            error(
                list,
                model: ItemModel(sections: [
                    SectionModel(count: 1, sizes: [Size(width: 1, height: .nan)])
                ]))?.field
                == "sections[0].sizes[0].height")
    }

    /// Natively, ids compare as Swift strings: canonically equivalent ones are one id.
    /// (The WebAssembly module compares Unicode scalars: Clients/web/README.md.)
    @Test func canonicallyEquivalentIdsAreOneIdNatively() {
        let list = LayoutSpec.list(ListLayout(rowHeight: 60))
        let ids: [ItemID] = [.string("\u{E9}"), .string("e\u{301}")]
        #expect(
            error(list, model: ItemModel(sections: [SectionModel(count: 2, ids: ids)]))?.field
                == "sections[0].ids[1]")
    }

    @Test func itemLimit() {
        let list = LayoutSpec.list(ListLayout(rowHeight: 60))
        let big = ItemModel(sections: [
            SectionModel(count: 6_000_000), SectionModel(count: 5_000_000),
        ])
        let e = error(list, model: big)
        #expect(e?.field == "sections[1].items")
        #expect(e?.message == "the item count exceeds the limit of 10000000 items per session")
        #expect(
            error(list, model: ItemModel(count: 11), limits: LayoutLimits(maxItems: 10))?.field
                == "sections[0].items")
        #expect(error(list, model: ItemModel(count: 10_000_000)) == nil)
        // Counts that would overflow a running total are refused, not trapped on.
        let huge = ItemModel(sections: [SectionModel(count: Int.max), SectionModel(count: Int.max)])
        #expect(error(list, model: huge)?.field == "sections[0].items")
        let overflow = ItemModel(sections: [
            SectionModel(count: 5), SectionModel(count: Int.max - 2),
        ])
        #expect(error(list, model: overflow)?.limit == 10_000_000)
        let many = ItemModel(sections: Array(repeating: SectionModel(count: 0), count: 100_001))
        #expect(error(list, model: many)?.field == "sections")
    }

    @Test func explicitFrames() throws {
        #expect(
            throws: ValidationError(
                field: "layout.frames[1]", message: "expected [x, y, width, height], got 3 numbers")
        ) {
            try ExplicitLayout(frameArrays: [[0, 0, 1, 1], [0, 0, 1]])
        }
        #expect(throws: ValidationError.self) {
            try ExplicitLayout(frameArrays: [[0, .nan, 1, 1]])
        }
        let two = try ExplicitLayout(frameArrays: [[0, 0, 1, 1], [0, 2, 1, 1]])
        let e = error(.explicit(two.frames), model: ItemModel(count: 3))
        #expect(
            e
                == ValidationError(
                    field: "layout.frames", message: "expected 3 frames (one per item), got 2"))
        #expect(
            error(.explicit([Rect(x: 0, y: 0, width: -1, height: 1)]), model: ItemModel(count: 1))?
                .field
                == "layout.frames[0][2]")
    }

    @Test func explicitContentSizeIsDerivedOrGiven() throws {
        let frames = [
            Rect(x: 5, y: 5, width: 10, height: 20), Rect(x: 40, y: 0, width: 10, height: 10),
        ]
        let derived = try LayoutSpec.explicit(frames).prepare(
            viewport: viewport, model: ItemModel(count: 2))
        #expect(derived.contentSize == Size(width: 50, height: 25))
        let given = try LayoutSpec.explicit(frames, contentSize: Size(width: 300, height: 400))
            .prepare(viewport: viewport, model: ItemModel(count: 2))
        #expect(given.contentSize == Size(width: 300, height: 400))
        #expect(given.attributes(at: IndexPath(0, 1))?.frame == frames[1])
    }
}

/// Large layouts: a uniform layout stores nothing per item, and queries stay local.
@Suite struct LayoutScaleTests {
    @Test func tenMillionUniformItems() throws {
        let model = ItemModel(count: 10_000_000)
        let layout = try LayoutSpec.grid(
            GridLayout(columns: 2, spacing: 10, lineSpacing: 5, inset: EdgeInsets(all: 10))
        )
        .prepare(viewport: Viewport(width: 375, height: 667), model: model)
        // 5,000,000 rows of 172.5 with 5 between, and 10 above and below.
        let rows: Double = 5_000_000
        let expectedHeight: Double = 20 + rows * 172.5 + (rows - 1) * 5
        #expect(layout.contentSize.height == expectedHeight)
        let last = try #require(layout.attributes(at: IndexPath(0, 9_999_999)))
        let lastTop: Double = 10 + (rows - 1) * 177.5
        #expect(last.frame == Rect(x: 192.5, y: lastTop, width: 172.5, height: 172.5))
        let found = layout.attributes(in: Rect(x: 0, y: 500_000_000, width: 375, height: 667))
        #expect(found.count == 10)
        #expect(found.first?.indexPath == IndexPath(0, 2 * 2_816_901))
    }

    @Test func perItemSizesQueriesStayLocal() {
        var rng = SeededRandom(seed: 7)
        let count = 200_000
        let sizes = (0..<count).map { _ in
            Size(width: rng.quarter(20...180), height: rng.quarter(20...80))
        }
        let layout = FlowLayout(minimumLineSpacing: 4, minimumInteritemSpacing: 4)
            .prepare(
                viewport: Viewport(width: 375, height: 667),
                model: ItemModel(sections: [SectionModel(count: count, sizes: sizes)]))
        let middle = layout.contentSize.height / 2
        let rect = Rect(x: 0, y: middle, width: 375, height: 667)
        let found = layout.attributes(in: rect)
        #expect(!found.isEmpty && found.count < 100)
        for a in found { #expect(a.frame.intersects(rect)) }
        // The neighbours just outside the result do not meet the rect.
        if let first = found.first, first.indexPath.item > 0 {
            var before = first.indexPath.item - 1
            while before >= 0, let a = layout.attributes(at: IndexPath(0, before)),
                a.frame.maxY > middle - 200
            {
                #expect(!a.frame.intersects(rect) || found.contains(a))
                before -= 1
            }
        }
    }
}
