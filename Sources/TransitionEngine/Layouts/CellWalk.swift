/// The frames of a sectioned layout's cells visited in order, as `cellFrame` gives them:
/// on a uniform grid each cell's line and column follow from the one before, where
/// `cellFrame` divides by the column count (two divisions per cell were a tenth of a
/// tick's time).
struct CellWalk {
    private var section = -1
    private var item = 0
    /// Whether `grid` holds the section's uniform grid (stored unwrapped: an optional
    /// was copied out on every call).
    private var onGrid = false
    private var grid = UniformGrid(
        count: 0, columns: 1, scrollStart: 0, linePitch: 0, crossStart: 0, crossPitch: 0,
        scrollLength: 0, crossLength: 0)
    private var line = 0
    private var column = 0

    /// The frame of the cell at (s, i) in `layout`, the layout of every call.
    @inline(__always)
    mutating func frame(in layout: SectionedLayout, section s: Int, item i: Int) -> Rect {
        if onGrid, s == section, i == item + 1 {
            item = i
            column += 1
            if column == grid.columns {
                column = 0
                line += 1
            }
            return frame(in: layout)
        }
        return restart(in: layout, section: s, item: i)
    }

    @inline(never)
    private mutating func restart(in layout: SectionedLayout, section s: Int, item i: Int)
        -> Rect
    {
        section = s
        item = i
        guard case .uniform(let g) = layout.arrangements[s] else {
            onGrid = false
            return layout.cellFrame(section: s, item: i)
        }
        onGrid = true
        grid = g
        line = i / g.columns
        column = i % g.columns
        return frame(in: layout)
    }

    @inline(__always)
    private func frame(in layout: SectionedLayout) -> Rect {
        let p = grid.position(line: line, column: column)
        return layout.rect(
            scroll: p.scroll, cross: p.cross, scrollLength: grid.scrollLength,
            crossLength: grid.crossLength)
    }
}
