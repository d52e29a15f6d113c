import TestSupport
import Testing

@testable import TransitionEngine

/// Random layouts and rects: the indexed rect query equals a brute-force filter of every
/// element, no two cells overlap, and every frame lies within the content size.
@Suite struct LayoutDifferentialTests {
    /// Sections of random counts; per-item sizes no longer than `maxWidth` across `axis`.
    static func randomModel(
        _ rng: inout SeededRandom, perItemSizes: Bool, maxWidth: Double, axis: Axis = .vertical
    ) -> ItemModel {
        let sectionCount = Int.random(in: 1...4, using: &rng)
        return ItemModel(
            sections: (0..<sectionCount).map { _ in
                let count = Int.random(in: 0...60, using: &rng)
                guard perItemSizes, Bool.random(using: &rng) else {
                    return SectionModel(count: count)
                }
                let sizes = (0..<count).map { _ in
                    var size = Size(width: rng.quarter(0...80), height: rng.quarter(0...80))
                    size[axis.other] = rng.quarter(0...maxWidth)
                    return size
                }
                return SectionModel(count: count, sizes: sizes)
            })
    }

    static func randomFlow(_ rng: inout SeededRandom, axis: Axis, crossExtent: Double) -> FlowLayout
    {
        var itemSize = Size(width: rng.quarter(1...120), height: rng.quarter(1...120))
        itemSize[axis.other] = min(itemSize[axis.other], crossExtent * 0.9)
        let inset = EdgeInsets(
            top: rng.quarter(0...12), left: rng.quarter(0...12),
            bottom: rng.quarter(0...12), right: rng.quarter(0...12))
        return FlowLayout(
            itemSize: itemSize, minimumLineSpacing: rng.quarter(0...15),
            minimumInteritemSpacing: rng.quarter(0...15), sectionInset: inset,
            headerReferenceSize: Bool.random(using: &rng)
                ? Size(width: rng.quarter(0...30), height: rng.quarter(0...30)) : .zero,
            footerReferenceSize: Bool.random(using: &rng)
                ? Size(width: rng.quarter(0...30), height: rng.quarter(0...30)) : .zero,
            scrollDirection: axis)
    }

    /// Every element, found through `attributes(at:)` rather than the rect query.
    static func everyElement(_ layout: some Layout) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        for (s, section) in layout.model.sections.enumerated() {
            if let h = layout.attributes(at: ElementKey(.header, IndexPath(s, 0))) {
                result.append(h)
            }
            for i in 0..<section.count {
                if let a = layout.attributes(at: IndexPath(s, i)) { result.append(a) }
            }
            if let f = layout.attributes(at: ElementKey(.footer, IndexPath(s, 0))) {
                result.append(f)
            }
        }
        return result
    }

    static func randomRect(_ rng: inout SeededRandom, within size: Size) -> Rect {
        let x = rng.quarter(-50...(size.width + 50))
        let y = rng.quarter(-50...(size.height + 50))
        return Rect(x: x, y: y, width: rng.quarter(0...400), height: rng.quarter(0...700))
    }

    static func checkInvariants(_ layout: some Layout, seed: UInt64, _ rng: inout SeededRandom) {
        let all = everyElement(layout)
        let cellCount = layout.model.totalCount
        #expect(all.filter { $0.kind == .cell }.count == cellCount, "seed \(seed)")
        // The whole-content query finds everything, in element order.
        #expect(layout.allAttributes() == all, "seed \(seed)")
        for _ in 0..<40 {
            let rect = randomRect(&rng, within: layout.contentSize)
            let expected = all.filter { $0.frame.intersects(rect) }
            let found = layout.attributes(in: rect)
            #expect(found == expected, "seed \(seed) rect \(rect)")
        }
        let tolerance = 1e-9
        for a in all {
            #expect(
                a.frame.minX >= -tolerance && a.frame.minY >= -tolerance,
                "seed \(seed) \(a.key) \(a.frame)")
            #expect(
                a.frame.maxX <= layout.contentSize.width + tolerance,
                "seed \(seed) \(a.key) \(a.frame)")
            #expect(
                a.frame.maxY <= layout.contentSize.height + tolerance,
                "seed \(seed) \(a.key) \(a.frame)")
        }
        let cells = all.filter {
            $0.kind == .cell && $0.frame.size.width > 0 && $0.frame.size.height > 0
        }
        let axis = layout.scrollAxis
        let sorted = cells.sorted { $0.frame.min(axis) < $1.frame.min(axis) }
        for (i, a) in sorted.enumerated() {
            var j = i + 1
            while j < sorted.count, sorted[j].frame.min(axis) < a.frame.max(axis) - tolerance {
                let b = sorted[j]
                let overlapX = min(a.frame.maxX, b.frame.maxX) - max(a.frame.minX, b.frame.minX)
                let overlapY = min(a.frame.maxY, b.frame.maxY) - max(a.frame.minY, b.frame.minY)
                #expect(
                    !(overlapX > tolerance && overlapY > tolerance),
                    "seed \(seed): \(a.key) overlaps \(b.key)")
                j += 1
            }
        }
    }

    @Test(arguments: 0..<60)
    func flow(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        let axis: Axis = seed % 3 == 2 ? .horizontal : .vertical
        let viewport = Viewport(
            width: rng.quarter(100...500), height: rng.quarter(100...900),
            contentInset: EdgeInsets(
                top: rng.quarter(0...20), left: rng.quarter(0...20),
                bottom: rng.quarter(0...20), right: rng.quarter(0...20)))
        let crossExtent = viewport.usableExtent(axis.other)
        let flow = Self.randomFlow(&rng, axis: axis, crossExtent: crossExtent - 24)
        let maxWidth = max(1, crossExtent - flow.sectionInset.total(axis.other))
        let model = Self.randomModel(&rng, perItemSizes: true, maxWidth: maxWidth, axis: axis)
        Self.checkInvariants(
            flow.prepare(viewport: viewport, model: model), seed: UInt64(seed), &rng)
    }

    @Test(arguments: 0..<20)
    func displaySwitch(seed: Int) {
        var rng = SeededRandom(seed: UInt64(1000 + seed))
        let viewport = Viewport(width: rng.quarter(100...500), height: 600)
        let layout = DisplaySwitchLayout(
            mode: Bool.random(using: &rng) ? .list : .grid, staticCellHeight: rng.quarter(20...200),
            columns: Int.random(in: 1...5, using: &rng), padding: rng.quarter(0...10))
        let model = Self.randomModel(&rng, perItemSizes: false, maxWidth: 0)
        Self.checkInvariants(
            layout.prepare(viewport: viewport, model: model), seed: UInt64(seed), &rng)
    }

    @Test(arguments: 0..<20)
    func explicit(seed: Int) {
        var rng = SeededRandom(seed: UInt64(2000 + seed))
        let model = Self.randomModel(&rng, perItemSizes: false, maxWidth: 0)
        // Non-overlapping frames: a shuffled grid of 40 x 40 cells, each frame inside one.
        var slots = Array(0..<(model.totalCount * 2 + 1)).shuffled(using: &rng)
        let frames = (0..<model.totalCount).map { _ -> Rect in
            let slot = slots.removeLast()
            return Rect(
                x: Double(slot % 10) * 40 + rng.quarter(0...10),
                y: Double(slot / 10) * 40 + rng.quarter(0...10),
                width: rng.quarter(0...30), height: rng.quarter(0...30))
        }
        let layout = ExplicitLayout(frames: frames).prepare(model: model)
        Self.checkInvariants(layout, seed: UInt64(seed), &rng)
    }
}
