import TransitionFilm

/// Lays out one demo screen in a terminal of a given size: a title line, the viewport
/// drawn as a box with the items inside, a side panel, and a progress bar. Every line is
/// narrower than the terminal, and there are fewer lines than it has rows, so redrawing
/// in place never scrolls.
struct DemoScreen {
    let terminalColumns: Int
    let terminalRows: Int
    let canvasColumns: Int
    let canvasRows: Int
    let viewportWidth: Double
    let viewportHeight: Double

    /// Lines around the canvas: the title, two borders and the progress bar.
    static let chromeRows = 4
    static let panelMinimum = 24

    init(terminal: (columns: Int, rows: Int), viewportWidth: Double, viewportHeight: Double) {
        terminalColumns = Swift.max(terminal.columns, 40)
        terminalRows = Swift.max(terminal.rows, 12)
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        canvasRows = Swift.min(terminalRows - 1, 80) - DemoScreen.chromeRows
        // Cells are about twice as high as wide; stretch across a little so labels fit.
        let natural = Double(canvasRows) * viewportWidth / viewportHeight * 2 * 1.25
        let widest = terminalColumns - 1 - 2 - 2 - DemoScreen.panelMinimum
        canvasColumns = Swift.max(10, Swift.min(Int(natural.rounded()), widest))
    }

    /// Number of lines `lines` returns.
    var height: Int { canvasRows + DemoScreen.chromeRows }

    /// The screen for `boxes` (frames in content coordinates) seen from `offset`.
    func lines(boxes: [ElementBox], offsetX: Double, offsetY: Double, status: DemoStatus)
        -> [String]
    {
        var canvas = BoxCanvas(
            columns: canvasColumns, rows: canvasRows, width: viewportWidth, height: viewportHeight)
        for b in boxes where !b.hidden && b.alpha > 0.05 {
            canvas.box(
                x: b.x - offsetX, y: b.y - offsetY, width: b.width, height: b.height, label: b.label
            )
        }
        let width = terminalColumns - 1
        let panelWidth = Swift.max(0, width - canvasColumns - 4)
        let panel = panelLines(status).map { fit($0, panelWidth) }
        func side(_ i: Int) -> String { i < panel.count ? "  " + panel[i] : "" }
        var out: [String] = [fit(status.title, width)]
        out.append(fit("┌" + String(repeating: "─", count: canvasColumns) + "┐" + side(0), width))
        for (i, row) in canvas.lines.enumerated() {
            out.append(fit("│" + row + "│" + side(i + 1), width))
        }
        out.append(
            fit(
                "└" + String(repeating: "─", count: canvasColumns) + "┘" + side(canvasRows + 1),
                width))
        out.append(fit(progressBar(status.progress, width: width), width))
        return out
    }

    private func panelLines(_ s: DemoStatus) -> [String] {
        var lines = [
            s.transition,
            "",
            "time      \(Format.fixed(s.time, 3)) s",
            "fraction  \(Format.fixed(s.fraction, 3))",
            "progress  \(Format.fixed(s.progress, 3))",
            "offset y  \(Format.fixed(s.offsetY, 1))",
            "visible   \(s.visible) items",
            "",
            s.state,
            "",
        ]
        lines += s.keys
        return lines
    }

    private func progressBar(_ progress: Double, width: Int) -> String {
        let label = " \(Format.fixed(progress * 100, 1))%"
        let barWidth = Swift.max(10, width - 12 - label.count)
        let filled = Int((Swift.min(Swift.max(progress, 0), 1) * Double(barWidth)).rounded())
        return "progress [" + String(repeating: "█", count: filled)
            + String(repeating: "░", count: barWidth - filled) + "]" + label
    }

    /// `text` cut to `width` characters.
    private func fit(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width))
    }
}
