import TransitionEngine

/// A character grid that draws frames as boxes with box-drawing characters, scaled from
/// points to cells.
struct BoxCanvas {
    let columns: Int
    let rows: Int
    /// Points per cell across and down.
    let scaleX: Double
    let scaleY: Double
    private var cells: [[Character]]
    /// Labels are drawn after every box, so an overlapping box does not hide them.
    private var labels: [(x: Int, y: Int, text: String)] = []

    init(columns: Int, rows: Int, viewport: Size) {
        self.columns = columns
        self.rows = rows
        scaleX = viewport.width / Double(columns)
        scaleY = viewport.height / Double(rows)
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// Draws `frame` (in viewport coordinates) as a box labelled `label`, clipped to the
    /// canvas.
    mutating func box(_ frame: Rect, label: String) {
        let x0 = Int((frame.minX / scaleX).rounded())
        let y0 = Int((frame.minY / scaleY).rounded())
        let x1 = max(x0 + 1, Int((frame.maxX / scaleX).rounded()) - 1)
        let y1 = max(y0 + 1, Int((frame.maxY / scaleY).rounded()) - 1)
        for x in x0...x1 {
            put(x, y0, x == x0 ? "┌" : x == x1 ? "┐" : "─")
            put(x, y1, x == x0 ? "└" : x == x1 ? "┘" : "─")
        }
        for y in (y0 + 1)..<y1 {
            put(x0, y, "│")
            put(x1, y, "│")
        }
        if x1 - x0 - 1 >= label.count {
            // In the middle, or on the top edge of a box too flat to have an inside.
            let start = x0 + 1 + (x1 - x0 - 1 - label.count) / 2
            let row = y1 - y0 >= 2 ? (y0 + y1) / 2 : y0
            labels.append((start, row, label))
        }
    }

    private mutating func put(_ x: Int, _ y: Int, _ c: Character) {
        guard x >= 0, x < columns, y >= 0, y < rows else { return }
        cells[y][x] = c
    }

    var lines: [String] {
        var canvas = self
        for label in labels {
            for (k, c) in label.text.enumerated() { canvas.put(label.x + k, label.y, c) }
        }
        return canvas.cells.map { String($0) }
    }
}
