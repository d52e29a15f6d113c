/// UICollectionViewFlowLayout's rules (see `Layouts/README.md` for the exact rules).
public struct FlowLayout: Hashable, Sendable {
    /// The size of every item, unless the section gives per-item sizes.
    public var itemSize: Size
    /// Spacing between lines (rows when scrolling vertically).
    public var minimumLineSpacing: Double
    /// Least spacing between items on one line.
    public var minimumInteritemSpacing: Double
    public var sectionInset: EdgeInsets
    /// Header and footer extent: the height when scrolling vertically, the width when
    /// scrolling horizontally; zero means none.
    public var headerReferenceSize: Size
    public var footerReferenceSize: Size
    public var scrollDirection: Axis

    /// UIKit's defaults: 50x50 items, 10 line and interitem spacing, no insets.
    public init(
        itemSize: Size = Size(width: 50, height: 50), minimumLineSpacing: Double = 10,
        minimumInteritemSpacing: Double = 10, sectionInset: EdgeInsets = .zero,
        headerReferenceSize: Size = .zero, footerReferenceSize: Size = .zero,
        scrollDirection: Axis = .vertical
    ) {
        self.itemSize = itemSize
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
        self.scrollDirection = scrollDirection
    }

    /// Checks every number; errors name the field under `field`.
    public func validate(field: String = "layout") throws(ValidationError) {
        try ValidationError.checkSize(itemSize, field: field + ".itemSize")
        try ValidationError.checkNonNegative(
            minimumLineSpacing, field: field + ".minimumLineSpacing")
        try ValidationError.checkNonNegative(
            minimumInteritemSpacing, field: field + ".minimumInteritemSpacing")
        try ValidationError.checkInsets(sectionInset, field: field + ".sectionInset")
        try ValidationError.checkSize(headerReferenceSize, field: field + ".headerReferenceSize")
        try ValidationError.checkSize(footerReferenceSize, field: field + ".footerReferenceSize")
    }

    /// Lays out `model` in `viewport`.
    /// - Complexity: O(sections) for sections without per-item sizes, plus O(n) for the
    ///   items of sections with per-item sizes (8 bytes per item, beyond the sizes).
    public func prepare(
        viewport: Viewport, model: ItemModel, stateName: String = "flow",
        values: [CustomValue] = []
    ) -> SectionedLayout {
        let scroll = scrollDirection
        let cross = scroll.other
        let crossExtent = Swift.max(0, viewport.usableExtent(cross))
        let builder = SectionedLayout(
            contentSize: .zero, model: model, scrollAxis: scroll, stateName: stateName,
            values: values, sections: [], arrangements: [])
        var sections: [SectionGeometry] = []
        sections.reserveCapacity(model.sections.count)
        var arrangements: [ItemArrangement] = []
        arrangements.reserveCapacity(model.sections.count)
        var cursor = 0.0
        for section in model.sections {
            let start = cursor
            var header: Rect? = nil
            if headerReferenceSize[scroll] > 0 {
                header = builder.rect(
                    scroll: cursor, cross: 0, scrollLength: headerReferenceSize[scroll],
                    crossLength: crossExtent)
                cursor += headerReferenceSize[scroll]
            }
            var items = ItemArrangement.uniform(
                UniformGrid(
                    count: 0, columns: 1, scrollStart: cursor, linePitch: 0, crossStart: 0,
                    crossPitch: 0, scrollLength: 0, crossLength: 0))
            if section.count > 0 {
                cursor += sectionInset.leading(scroll)
                let lead = sectionInset.leading(cross)
                let width = crossExtent - sectionInset.total(cross)
                if let sizes = section.sizes {
                    let table = lineTable(
                        sizes: sizes, lead: lead, width: width, cursor: &cursor)
                    items = .lines(table)
                } else {
                    let grid = uniformGrid(
                        count: section.count, lead: lead, width: width, start: cursor)
                    cursor +=
                        Double(grid.lineCount) * grid.scrollLength
                        + Double(grid.lineCount - 1) * minimumLineSpacing
                    items = .uniform(grid)
                }
                cursor += sectionInset.trailing(scroll)
            }
            var footer: Rect? = nil
            if footerReferenceSize[scroll] > 0 {
                footer = builder.rect(
                    scroll: cursor, cross: 0, scrollLength: footerReferenceSize[scroll],
                    crossLength: crossExtent)
                cursor += footerReferenceSize[scroll]
            }
            sections.append(
                SectionGeometry(start: start, end: cursor, header: header, footer: footer))
            arrangements.append(items)
        }
        var contentSize = Size.zero
        contentSize[scroll] = cursor
        contentSize[cross] = crossExtent
        return SectionedLayout(
            contentSize: contentSize, model: model, scrollAxis: scroll, stateName: stateName,
            values: values, sections: sections, arrangements: arrangements)
    }

    /// Tolerance for "fits on the line", so that sizes computed as (W - gaps) / n fit.
    /// The most columns a line is given: 1e12, or less where `Int` is 32 bits wide
    /// (WebAssembly), so that the count stays an `Int`.
    static let columnLimit = Swift.min(1e12, Double(Int.max))
    static let fitTolerance = 1e-9

    /// With one item size UIKit lays a section out as a grid: every line, the last one
    /// included, uses the columns of a full line.
    private func uniformGrid(count: Int, lead: Double, width: Double, start: Double)
        -> UniformGrid
    {
        let scroll = scrollDirection
        let w = itemSize[scroll.other]
        let s = minimumInteritemSpacing
        var columns = 1
        if w + s <= 0 {
            columns = Swift.max(count, 1)  // zero-width items with no spacing share one line
        } else if w <= width + FlowLayout.fitTolerance {
            // Columns of a full line, even when the section has fewer items (UIKit's
            // grid); capped only to stay an Int.
            let fit = ((width + s) / (w + s) + FlowLayout.fitTolerance).rounded(.down)
            columns = fit.isNaN ? 1 : Int(Swift.min(Swift.max(fit, 1), FlowLayout.columnLimit))
        }
        let crossStart: Double
        let crossPitch: Double
        if columns >= 2 {
            let gap = (width - Double(columns) * w) / Double(columns - 1)
            crossStart = lead
            crossPitch = w + gap
        } else {
            crossStart = lead + Swift.max(0, (width - w) / 2)
            crossPitch = 0
        }
        return UniformGrid(
            count: count, columns: columns, scrollStart: start,
            linePitch: itemSize[scroll] + minimumLineSpacing, crossStart: crossStart,
            crossPitch: crossPitch, scrollLength: itemSize[scroll], crossLength: w)
    }

    /// Greedy lines for per-item sizes: full lines justified, a lone item centred, the
    /// section's last line from the leading edge with the minimum spacing.
    private func lineTable(sizes: [Size], lead: Double, width: Double, cursor: inout Double)
        -> LineTable
    {
        let scroll = scrollDirection
        let cross = scroll.other
        let s = minimumInteritemSpacing
        var lines: [FlowLine] = []
        var positions = [Double](repeating: 0, count: sizes.count)
        var i = 0
        while i < sizes.count {
            let first = i
            var used = sizes[i][cross]
            var thickness = sizes[i][scroll]
            i += 1
            while i < sizes.count,
                used + Double(i - first) * s + sizes[i][cross] <= width + FlowLayout.fitTolerance
            {
                used += sizes[i][cross]
                thickness = Swift.max(thickness, sizes[i][scroll])
                i += 1
            }
            let n = i - first
            if i == sizes.count {
                var x = lead
                for k in first..<i {
                    positions[k] = x
                    x += sizes[k][cross] + s
                }
            } else if n == 1 {
                positions[first] = lead + Swift.max(0, (width - used) / 2)
            } else {
                let gap = (width - used) / Double(n - 1)
                var x = lead
                for k in first..<i {
                    positions[k] = x
                    x += sizes[k][cross] + gap
                }
            }
            lines.append(FlowLine(firstItem: first, top: cursor, thickness: thickness))
            cursor += thickness + (i < sizes.count ? minimumLineSpacing : 0)
        }
        return LineTable(lines: lines, crossPositions: positions, sizes: sizes)
    }
}
