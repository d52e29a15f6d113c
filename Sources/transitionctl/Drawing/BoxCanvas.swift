/// A grid of characters on which element frames are drawn as boxes with box-drawing
/// characters, scaled from points to cells.
struct BoxCanvas {
    let columns: Int
    let rows: Int
    /// Points per cell across and down.
    let pointsPerColumn: Double
    let pointsPerRow: Double
    private var cells: [[Character]]
    /// Labels go on last, so that a box drawn later does not cut them.
    private var labels: [(x: Int, y: Int, text: String)] = []

    /// A canvas of `columns` x `rows` cells showing `width` x `height` points.
    init(columns: Int, rows: Int, width: Double, height: Double) {
        self.columns = columns
        self.rows = rows
        pointsPerColumn = width / Double(columns)
        pointsPerRow = height / Double(rows)
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// Draws the rectangle (in points, relative to the canvas origin) as a box with
    /// `label` in its middle (on its top edge when it is too flat to have an inside),
    /// clipped to the canvas. A box is at least 2 x 2 cells.
    mutating func box(x: Double, y: Double, width: Double, height: Double, label: String) {
        guard width > 0, height > 0, x.isFinite, y.isFinite, width.isFinite, height.isFinite else {
            return
        }
        let x0 = cell(x / pointsPerColumn)
        let y0 = cell(y / pointsPerRow)
        let x1 = Swift.max(x0 + 1, cell((x + width) / pointsPerColumn) - 1)
        let y1 = Swift.max(y0 + 1, cell((y + height) / pointsPerRow) - 1)
        guard x1 >= 0, y1 >= 0, x0 < columns, y0 < rows else { return }
        for cx in Swift.max(x0, 0)...Swift.min(x1, columns - 1) {
            put(cx, y0, cx == x0 ? "┌" : cx == x1 ? "┐" : "─")
            put(cx, y1, cx == x0 ? "└" : cx == x1 ? "┘" : "─")
        }
        if y1 - y0 >= 2 {
            let innerRows =
                Swift.max(y0 + 1, 0)..<Swift.max(Swift.max(y0 + 1, 0), Swift.min(y1, rows))
            let innerColumns =
                Swift.max(x0 + 1, 0)..<Swift.max(Swift.max(x0 + 1, 0), Swift.min(x1, columns))
            for cy in innerRows {
                put(x0, cy, "│")
                put(x1, cy, "│")
                // Clear the inside, so that a box on top hides the lines under it.
                for cx in innerColumns { put(cx, cy, " ") }
            }
        }
        let inside = x1 - x0 - 1
        guard inside >= 1 else { return }
        let text = label.count <= inside ? label : String(label.prefix(inside))
        let start = x0 + 1 + (inside - text.count) / 2
        let row = y1 - y0 >= 2 ? (y0 + y1) / 2 : y0
        labels.append((start, row, text))
    }

    /// Rounds a cell coordinate, saturating far outside the canvas.
    private func cell(_ v: Double) -> Int {
        Int(Swift.max(-10_000, Swift.min(10_000, v.rounded())))
    }

    private mutating func put(_ x: Int, _ y: Int, _ c: Character) {
        guard x >= 0, x < columns, y >= 0, y < rows else { return }
        cells[y][x] = c
    }

    /// The rows of the canvas, labels on top.
    var lines: [String] {
        var canvas = self
        for label in labels {
            for (k, c) in label.text.enumerated() { canvas.put(label.x + k, label.y, c) }
        }
        return canvas.cells.map { String($0) }
    }
}
