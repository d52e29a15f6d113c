import TransitionEngine

/// The engine demo: the classmethod list -> grid switch of 100 items in a 375 x 667
/// viewport, item 20 centred at the end, sampled at a few moments of a 0.5 s
/// quarticEaseInOut transition and drawn as boxes.
enum Demo {
    static func run(frames: Int, write: (String) -> Void) throws {
        let viewport = Viewport(width: 375, height: 667)
        let list = LayoutSpec.list(ListLayout(rowHeight: 60))
        let grid = LayoutSpec.grid(GridLayout(columns: 2, spacing: 10, lineSpacing: 5, inset: EdgeInsets(all: 10)))
        var scene = try Scene(spec: list, model: ItemModel(count: 100), viewport: viewport, contentOffset: Point(x: 0, y: 1000))
        let timing = TransitionTiming(duration: 0.5, curve: .easing(.quarticEaseInOut))
        let options = TransitionOptions(contentOffset: .placement(.center, items: [IndexPath(0, 20)]))
        _ = try scene.startTransition(to: grid, options: options, timing: timing, at: 0)
        write("transitiond demo: list -> grid, 100 items, 375x667, quarticEaseInOut 0.5 s, item 20 centred")
        let steps = max(frames, 2)
        for k in 0..<steps {
            let time = 0.5 * Double(k) / Double(steps - 1)
            let step = scene.advance(to: time)
            guard let frame = step.frame else { break }
            var canvas = BoxCanvas(columns: 48, rows: 36, viewport: viewport.size)
            var count = 0
            frame.forEachVisibleAttributes { a in
                count += 1
                canvas.box(a.frame.offsetBy(dx: -frame.contentOffset.x, dy: -frame.contentOffset.y),
                           label: String(a.indexPath.item))
            }
            let p = frame.sample.progress
            write("")
            write("t = \(fmt(time)) s   fraction \(fmt(frame.sample.fraction))   progress \(fmt(p))   "
                  + "offset y \(fmt(frame.contentOffset.y))   \(count) visible")
            write("+" + String(repeating: "-", count: canvas.columns) + "+")
            for line in canvas.lines { write("|" + line + "|") }
            write("+" + String(repeating: "-", count: canvas.columns) + "+")
            if let end = step.end {
                write("ended: \(end.end.reason.rawValue), completed \(end.end.completed)")
            }
        }
    }

    static func fmt(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
