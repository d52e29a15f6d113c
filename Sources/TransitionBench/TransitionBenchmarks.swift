import TransitionEngine

/// Tick-building figures: interpolating the visible attributes of a 200-item viewport.
func transitionBenchmarks() -> [Figure] {
    // 8 columns of 46.875-point squares in a 375 x 1200 viewport: about 200 cells visible.
    let viewport = Viewport(width: 375, height: 1200)
    let model = ItemModel(count: 100_000)
    let list = LayoutSpec.grid(GridLayout(columns: 8, spacing: 0))
    let grid = LayoutSpec.grid(GridLayout(columns: 8, spacing: 2, inset: EdgeInsets(all: 4)))
    guard var scene = try? Scene(spec: list, model: model, viewport: viewport, contentOffset: Point(x: 0, y: 50_000)),
        (try? scene.startTransition(to: grid, timing: TransitionTiming(duration: 1), at: 0)) != nil,
        let frame = scene.frame(at: 0.5)
    else { return [] }
    var count = 0
    frame.forEachVisibleAttributes { _ in count += 1 }
    var checksum = 0.0
    let rounds = 2000
    let total = medianNanoseconds(runs: 7) {
        for r in 0..<rounds {
            let f = scene.frame(at: Double(r) / Double(rounds))!
            f.forEachVisibleAttributes { checksum += $0.frame.minX }
        }
    }
    blackHole(checksum)
    return [
        Figure(name: "tick.visibleAttributes", value: Double(count), unit: "attributes"),
        Figure(name: "tick.interpolate", value: total / Double(rounds * count), unit: "ns/attribute"),
    ]
}
