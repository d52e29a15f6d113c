import JSONRPC
import TransitionDaemon
import TransitionEngine
import TransitionForwarder
import TransitionService

/// Tick-path figures for about 200 visible cells (`tickBenchScene`): interpolating
/// alone, then interpolating and encoding a whole framed tick with each encoding.
func transitionBenchmarks() -> [Figure] {
    guard var scene = tickBenchScene() else { return [] }
    var count = 0
    scene.frame(at: 0.5)!.forEachVisibleAttributes { _ in count += 1 }
    let rounds = 2000
    var checksum = 0.0
    // Interpolating alone: gathered into columns, as the daemon makes a tick.
    var columns = AttributeColumns()
    let interpolate = medianNanoseconds(runs: 7) {
        for r in 0..<rounds {
            columns.removeAll()
            scene.frame(at: Double(r) / Double(rounds))!.gatherVisibleAttributes(into: &columns)
            checksum += columns.placements.first?.frame.minX ?? 0
        }
    }
    var figures = [
        Figure(name: "tick.visibleAttributes", value: Double(count), unit: "attributes"),
        Figure(
            name: "tick.interpolate", value: interpolate / Double(rounds * count),
            unit: "ns/attribute"),
    ]
    for (name, format) in tickBenchFormats {
        let cost = inProcessTickCost(&scene, format: format, rounds: rounds, runs: 7)
        figures.append(
            Figure(
                name: "tick.\(name).all", value: cost.nanosecondsPerAttribute, unit: "ns/attribute")
        )
        figures.append(
            Figure(
                name: "tick.\(name).bytesPerAttribute", value: cost.bytesPerAttribute, unit: "bytes"
            ))
    }
    // The same scene with a badge of a kind of its own on every cell (twice the elements).
    if var badged = tickBenchScene(badges: true) {
        let cost = inProcessTickCost(
            &badged, format: AttributeFormat(encoding: .compact), rounds: rounds, runs: 7)
        figures.append(
            Figure(
                name: "tick.badges.compact.all", value: cost.nanosecondsPerAttribute,
                unit: "ns/attribute"))
    }
    blackHole(checksum)
    return figures + chainBenchmarks()
}

/// The attribute formats the tick figures are measured in: both encodings with exact
/// numbers, and compact with numbers rounded to 3 decimals (`"precision": 3`).
let tickBenchFormats: [(name: String, format: AttributeFormat)] = [
    ("objects", AttributeFormat(encoding: .objects)),
    ("compact", AttributeFormat(encoding: .compact)),
    ("compact.precision3", AttributeFormat(encoding: .compact, precision: 3)),
]

/// The tick benchmarks' scene: 100,000 cells scrolled to y = 50,000 in a 375 x 1200
/// viewport, 8 columns of 46.875-point squares transitioning to 8 columns with spacing;
/// with `badges`, both layouts attach a 12-point badge to each cell's top right corner.
func tickBenchScene(badges: Bool = false) -> Scene? {
    let viewport = Viewport(width: 375, height: 1200)
    let model = ItemModel(count: 100_000)
    var list = LayoutSpec.grid(GridLayout(columns: 8, spacing: 0))
    var grid = LayoutSpec.grid(GridLayout(columns: 8, spacing: 2, inset: EdgeInsets(all: 4)))
    if badges {
        let badge = AttachedSupplementary(
            kind: "badge", container: .item, size: Size(width: 12, height: 12),
            anchor: Point(x: 1, y: 0))
        list.attached = [badge]
        grid.attached = [badge]
    }
    guard
        var scene = try? Scene(
            spec: list, model: model, viewport: viewport, contentOffset: Point(x: 0, y: 50_000)),
        (try? scene.startTransition(to: grid, timing: TransitionTiming(duration: 1), at: 0)) != nil,
        scene.frame(at: 0.5) != nil
    else { return nil }
    return scene
}

/// Interpolating and encoding a whole framed tick in this process, per attribute
/// (median of `runs` runs of `rounds` frames spread over the transition).
func inProcessTickCost(_ scene: inout Scene, format: AttributeFormat, rounds: Int, runs: Int) -> (
    nanosecondsPerAttribute: Double, bytesPerAttribute: Double
) {
    var count = 0
    scene.frame(at: 0.5)!.forEachVisibleAttributes { _ in count += 1 }
    var bytes = 0
    var writer = JSONByteWriter(capacity: 64 * 1024)
    var list = AttributeColumns()
    list.reserveCapacity(256)
    let total = medianNanoseconds(runs: runs) {
        for r in 0..<rounds {
            let f = scene.frame(at: Double(r) / Double(rounds))!
            list.removeAll()
            f.gatherVisibleAttributes(into: &list)
            writer.reset()
            writer.beginNotification(method: "transition/tick")
            writer.beginObject()
            writer.writeKey("attributes")
            AttributeWriter.write(list, format: format, kinds: scene.kinds, to: &writer)
            writer.endObject()
            writer.endObject()
            bytes &+= FrameWriter.frame(writer.bytes).count
        }
    }
    blackHole(bytes)
    return (total / Double(rounds * count), Double(writer.bytes.count) / Double(max(1, list.count)))
}
