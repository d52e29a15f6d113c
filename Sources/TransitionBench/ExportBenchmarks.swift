import TransitionEngine
import TransitionExport

/// Export figures: bytes and time of each format for the demo (the seed apps' list ->
/// grid switch, 100 items, quarticEaseInOut 0.5 s) and for 1,000 items with a spring and
/// a stagger; and how many `linear()` stops a spring needs at the default tolerance.
func exportBenchmarks() -> [Figure] {
    let viewport = Viewport(width: 375, height: 667)
    let list = LayoutSpec.list(ListLayout(rowHeight: 60))
    let grid = LayoutSpec.grid(
        GridLayout(columns: 2, spacing: 10, lineSpacing: 5, inset: EdgeInsets(all: 10)))
    let spring = TimingCurve.spring(Spring(response: 0.5, dampingFraction: 0.6), initialVelocity: 0)
    let cases: [(name: String, items: Int, timing: TransitionTiming, options: TransitionOptions)] =
        [
            (
                "demo", 100, TransitionTiming(duration: 0.5, curve: .easing(.quarticEaseInOut)),
                .init()
            ),
            (
                "items1000", 1000, TransitionTiming(curve: spring),
                TransitionOptions(stagger: Stagger(delay: 0.01))
            ),
        ]
    var figures: [Figure] = []
    for c in cases {
        guard
            let scene = try? Scene(spec: list, model: ItemModel(count: c.items), viewport: viewport)
        else { continue }
        var plan: MotionPlan? = nil
        let planning = medianNanoseconds(runs: 5) {
            plan = try? MotionPlan(scene: scene, to: grid, options: c.options, timing: c.timing)
        }
        guard let plan else { continue }
        figures.append(
            Figure(
                name: "export.\(c.name).plan", value: planning / 1e6, unit: "ms",
                note:
                    "\(plan.elements.count) elements, \(plan.tracks.count) tracks, \(plan.tracks.map(\.stops.count).reduce(0, +)) stops"
            ))
        for format in ExportFormat.allCases {
            var bytes = 0
            let writing = medianNanoseconds(runs: 5) {
                bytes = Exporter.export(plan, as: format).content.utf8.count
            }
            figures.append(
                Figure(
                    name: "export.\(c.name).\(format.rawValue).ms",
                    value: (planning + writing) / 1e6, unit: "ms",
                    note: "planning and writing"))
            figures.append(
                Figure(
                    name: "export.\(c.name).\(format.rawValue).bytes", value: Double(bytes),
                    unit: "bytes"))
        }
    }
    // Stops of one spring at the default tolerance, for the demo's largest move.
    for (name, damping) in [("spring0.6", 0.6), ("spring0.3", 0.3), ("spring1.0", 1.0)] {
        guard let scene = try? Scene(spec: list, model: ItemModel(count: 100), viewport: viewport),
            let plan = try? MotionPlan(
                scene: scene, to: grid,
                timing: TransitionTiming(
                    curve: .spring(
                        Spring(response: 0.5, dampingFraction: damping), initialVelocity: 0)))
        else { continue }
        figures.append(
            Figure(
                name: "export.linearStops.\(name)", value: Double(plan.tracks[0].stops.count),
                unit: "stops",
                note: "response 0.5, dampingFraction \(damping), tolerance 0.25, demo list -> grid")
        )
    }
    return figures
}
