/// DisplaySwitcher's list and grid geometry: N equal columns, a fixed cell height and
/// padding, every section stacked below the previous one.
public struct DisplaySwitchLayout: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        case list
        case grid
    }

    public var mode: Mode
    /// The height a row takes before padding (DisplaySwitcher's `staticCellHeight`).
    public var staticCellHeight: Double
    /// Columns; DisplaySwitcher uses 1 for list and 3 for grid.
    public var columns: Int
    public var padding: Double

    public init(mode: Mode, staticCellHeight: Double, columns: Int? = nil, padding: Double = 6) {
        self.mode = mode
        self.staticCellHeight = staticCellHeight
        self.columns = columns ?? (mode == .list ? 1 : 3)
        self.padding = padding
    }

    public func validate(field: String = "layout") throws(ValidationError) {
        try ValidationError.checkNonNegative(padding, field: field + ".padding")
        try ValidationError.checkNonNegative(staticCellHeight, field: field + ".staticCellHeight")
        guard staticCellHeight >= padding else {
            throw ValidationError(
                field: field + ".staticCellHeight",
                message:
                    "must be >= padding (\(padding)): a cell is staticCellHeight - padding high")
        }
        guard columns >= 1, columns <= 10_000 else {
            throw ValidationError(
                field: field + ".columns", message: "must be an integer from 1 to 10000")
        }
    }

    /// Lays out `model`: item i of a section is at row i / N, column i % N, with
    /// frame (c colW + p, top + r (S + p) + p, colW - 2p, S - p), colW = W / N.
    /// A cell narrower than twice the padding gets width 0 rather than a negative one.
    /// - Complexity: O(sections); nothing is stored per item.
    public func prepare(viewport: Viewport, model: ItemModel, values: [CustomValue] = [])
        -> SectionedLayout
    {
        let width = Swift.max(0, viewport.usableExtent(.horizontal))
        let columnWidth = width / Double(columns)
        let pitch = staticCellHeight + padding
        var cursor = 0.0
        var sections: [SectionGeometry] = []
        sections.reserveCapacity(model.sections.count)
        var arrangements: [ItemArrangement] = []
        arrangements.reserveCapacity(model.sections.count)
        for section in model.sections {
            let grid = UniformGrid(
                count: section.count, columns: columns, scrollStart: cursor + padding,
                linePitch: pitch, crossStart: padding, crossPitch: columnWidth,
                scrollLength: staticCellHeight - padding,
                crossLength: Swift.max(0, columnWidth - 2 * padding))
            let start = cursor
            cursor += Double(grid.lineCount) * pitch
            sections.append(SectionGeometry(start: start, end: cursor, header: nil, footer: nil))
            arrangements.append(.uniform(grid))
        }
        return SectionedLayout(
            contentSize: Size(width: width, height: cursor), model: model, scrollAxis: .vertical,
            stateName: mode.rawValue, values: values, sections: sections,
            arrangements: arrangements)
    }
}
