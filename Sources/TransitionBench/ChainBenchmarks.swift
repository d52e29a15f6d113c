import TransitionEngine

/// A chain of superseding starts on a 10-item scene: each start begins from the poses of
/// the transition in flight, then one tick is advanced and its visible attributes read.
/// The cost of start 1 and of start 800 (each the median over 5 chains of the mean of
/// 8 consecutive starts) shows whether a chain's cost grows with its length.
func chainBenchmarks() -> [Figure] {
    let length = 800
    let window = 8
    let specs = [
        LayoutSpec.list(ListLayout(rowHeight: 44)),
        LayoutSpec.grid(GridLayout(columns: 3, spacing: 4)),
    ]
    var first: [Double] = []
    var last: [Double] = []
    var checksum = 0.0
    var columns = AttributeColumns()
    for _ in 0..<5 {
        guard
            var scene = try? Scene(
                spec: specs[0], model: ItemModel(count: 10),
                viewport: Viewport(width: 375, height: 667))
        else { return [] }
        var costs: [Double] = []
        for start in 0..<length {
            let time = Double(start) * 0.01
            let t0 = nowNanoseconds()
            _ = try? scene.startTransition(
                to: specs[(start + 1) % 2], timing: TransitionTiming(duration: 1), at: time)
            // The tick as the daemon makes it: gathered into columns.
            columns.removeAll()
            scene.advance(to: time + 0.005).frame?.gatherVisibleAttributes(into: &columns)
            checksum += columns.placements.first?.frame.minY ?? 0
            costs.append(Double(nowNanoseconds() - t0))
        }
        first.append(costs.prefix(window).reduce(0, +) / Double(window))
        last.append(costs.suffix(window).reduce(0, +) / Double(window))
    }
    blackHole(checksum)
    let note = "10 items, list <-> grid, a start every 10 ms and one tick after it"
    return [
        Figure(
            name: "transition.chain.start1", value: median(first) / 1000, unit: "us/start",
            note: note),
        Figure(
            name: "transition.chain.start\(length)", value: median(last) / 1000,
            unit: "us/start", baselineName: "transition.chain.start1",
            baselineValue: median(first) / 1000, note: note),
    ]
}
