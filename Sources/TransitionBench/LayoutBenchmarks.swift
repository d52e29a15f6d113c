import TestSupport
import TransitionEngine

/// Layout figures: prepare time and memory per item, and viewport query cost.
func layoutBenchmarks() -> [Figure] {
    var figures: [Figure] = []
    let viewport = Viewport(width: 375, height: 667)

    // Uniform items: nothing per item, whatever the count.
    let uniformCount = 10_000_000
    let grid = LayoutSpec.grid(
        GridLayout(columns: 2, spacing: 10, lineSpacing: 5, inset: EdgeInsets(all: 10)))
    var uniform: PreparedLayout? = nil
    let rssBeforeUniform = residentBytes()
    let uniformPrepare = medianNanoseconds {
        uniform = try? grid.prepare(viewport: viewport, model: ItemModel(count: uniformCount))
    }
    let uniformBytes = max(0, residentBytes() - rssBeforeUniform)
    figures.append(
        Figure(name: "layout.uniform10M.prepare", value: uniformPrepare / 1000, unit: "us"))
    figures.append(Figure(name: "layout.uniform10M.rssGrowth", value: uniformBytes, unit: "bytes"))
    if let layout = uniform {
        figures.append(
            Figure(
                name: "layout.uniform10M.viewportQuery", value: queryCost(layout, viewport),
                unit: "ns/query"))
    }

    // Per-item sizes: one million items of random sizes.
    let sizedCount = 1_000_000
    var rng = SeededRandom(seed: 42)
    let sizes = (0..<sizedCount).map { _ in
        Size(width: Double(20 + rng.next() % 160), height: Double(20 + rng.next() % 60))
    }
    let model = ItemModel(sections: [SectionModel(count: sizedCount, sizes: sizes)])
    let flow = FlowLayout(minimumLineSpacing: 4, minimumInteritemSpacing: 4)
    var sized: SectionedLayout? = nil
    let rssBeforeSized = residentBytes()
    let sizedPrepare = medianNanoseconds {
        sized = nil
        sized = flow.prepare(viewport: viewport, model: model)
    }
    let sizedGrowth = max(0, residentBytes() - rssBeforeSized)
    figures.append(
        Figure(name: "layout.sized1M.prepare", value: sizedPrepare / 1_000_000, unit: "ms"))
    if let layout = sized {
        // Sizes (16 bytes) are the client's input; the layout adds its own tables.
        let stored = layout.storedBytes + sizedCount * MemoryLayout<Size>.stride
        figures.append(
            Figure(
                name: "layout.sized1M.bytesPerItem", value: Double(stored) / Double(sizedCount),
                unit: "bytes/item"))
        figures.append(
            Figure(
                name: "layout.sized1M.rssGrowthPerItem", value: sizedGrowth / Double(sizedCount),
                unit: "bytes/item"))
        figures.append(
            Figure(
                name: "layout.sized1M.viewportQuery", value: queryCost(layout, viewport),
                unit: "ns/query"))
    }
    return figures
}

/// Median cost of one `attributes(in:)` over viewport-sized rects spread across the content.
private func queryCost(_ layout: some Layout, _ viewport: Viewport) -> Double {
    let positions = 1000
    let step = max(0, layout.contentSize.height - viewport.size.height) / Double(positions)
    var found = 0
    let total = medianNanoseconds {
        for i in 0..<positions {
            let rect = Rect(
                x: 0, y: Double(i) * step, width: viewport.size.width, height: viewport.size.height)
            found &+= layout.attributes(in: rect).count
        }
    }
    blackHole(found)
    return total / Double(positions)
}

/// Keeps a value alive so the work that made it is not optimised away.
@_optimize(none)
func blackHole<T>(_ value: T) {}
