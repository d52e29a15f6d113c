/// A prepared layout whose sections stack along the scroll axis and whose items sit on
/// lines: the result of preparing a flow, list, grid or displaySwitch layout.
///
/// Along the scroll axis sections, lines and items are in element order, so every
/// query is a binary search followed by a walk over what it finds.
public struct SectionedLayout: Layout {
    public let contentSize: Size
    public let model: ItemModel
    public let scrollAxis: Axis
    public let stateName: String
    /// Custom values every cell carries.
    public let values: [CustomValue]
    let sections: [SectionGeometry]
    /// Where each section's items sit, apart from `sections`: `cellFrame` reads it for
    /// every cell of every tick, and reading it out of a section record copied the whole
    /// record each time.
    let arrangements: [ItemArrangement]
    /// Per-item styles (`itemStyles`), applied to the cells they name.
    public internal(set) var styles = ItemStyles()
    /// Supplementary kinds attached to every item (or the items they select).
    private(set) var itemAttachments: [PreparedAttachment] = []
    /// Supplementary kinds attached to every section.
    private(set) var sectionAttachments: [PreparedAttachment] = []
    /// How far an attached element reaches beyond its item or section along the scroll
    /// axis.
    private(set) var attachmentReach = 0.0

    init(
        contentSize: Size, model: ItemModel, scrollAxis: Axis, stateName: String,
        values: [CustomValue], sections: [SectionGeometry], arrangements: [ItemArrangement]
    ) {
        self.contentSize = contentSize
        self.model = model
        self.scrollAxis = scrollAxis
        self.stateName = stateName
        self.values = values
        self.sections = sections
        self.arrangements = arrangements
    }

    /// A rect from scroll-axis and cross-axis coordinates.
    @inline(__always)
    func rect(scroll: Double, cross: Double, scrollLength: Double, crossLength: Double) -> Rect {
        scrollAxis == .vertical
            ? Rect(x: cross, y: scroll, width: crossLength, height: scrollLength)
            : Rect(x: scroll, y: cross, width: scrollLength, height: crossLength)
    }

    func cellFrame(section: Int, item: Int) -> Rect {
        switch arrangements[section] {
        case .uniform(let grid):
            let p = grid.position(of: item)
            return rect(
                scroll: p.scroll, cross: p.cross, scrollLength: grid.scrollLength,
                crossLength: grid.crossLength)
        case .lines(let table):
            let line = table.lines[table.line(of: item)]
            let size = table.sizes[item]
            let length = size[scrollAxis]
            return rect(
                scroll: line.top + (line.thickness - length) / 2,
                cross: table.crossPositions[item], scrollLength: length,
                crossLength: size[scrollAxis.other])
        }
    }

    /// Sets the attached supplementary kinds.
    mutating func attach(_ list: [PreparedAttachment]) {
        itemAttachments = list.filter { $0.spec.container == .item }
        sectionAttachments = list.filter { $0.spec.container == .section }
        attachmentReach = list.map { $0.spec.reach(along: scrollAxis) }.max() ?? 0
    }

    /// The container of a section's attached elements: its items area (between header
    /// and footer) across the content.
    func sectionItemsRect(_ s: Int) -> Rect {
        let section = sections[s]
        let lo = section.header.map { $0.max(scrollAxis) } ?? section.start
        let hi = section.footer.map { $0.min(scrollAxis) } ?? section.end
        return rect(
            scroll: lo, cross: 0, scrollLength: Swift.max(0, hi - lo),
            crossLength: contentSize[scrollAxis.other])
    }

    /// The element of `attachment` for the cell at (section, item) with this frame, if
    /// the item has one.
    @inline(__always)
    func attachedAttributes(
        _ attachment: PreparedAttachment, section: Int, item: Int, cellFrame: Rect
    )
        -> LayoutAttributes?
    {
        let indexPath = IndexPath(section: section, item: item)
        guard attachment.covers(indexPath) else { return nil }
        return attachedElement(attachment, indexPath, container: cellFrame)
    }

    /// An attached element in its container, with the style rules give it.
    @inline(__always)
    func attachedElement(_ attachment: PreparedAttachment, _ indexPath: IndexPath, container: Rect)
        -> LayoutAttributes
    {
        var a = attachment.attributes(indexPath, container: container, stateName: stateName)
        styles.applySupplementary(to: &a)
        return a
    }

    /// The item-attached element of `kind` for a cell, if this layout has one there.
    func attachedAttributes(kind: ElementKind, section: Int, item: Int, cellFrame: Rect)
        -> LayoutAttributes?
    {
        for attachment in itemAttachments where attachment.kind == kind {
            return attachedAttributes(
                attachment, section: section, item: item, cellFrame: cellFrame)
        }
        return nil
    }

    @inline(__always)
    func cellAttributes(section: Int, item: Int, frame: Rect) -> LayoutAttributes {
        let indexPath = IndexPath(section: section, item: item)
        var a = LayoutAttributes(
            key: ElementKey(.cell, indexPath), id: model.id(at: indexPath), frame: frame,
            values: values, layoutState: stateName)
        if !styles.isEmpty { styles.applyCell(to: &a) }
        return a
    }

    func supplementaryAttributes(_ kind: ElementKind, section: Int, frame: Rect)
        -> LayoutAttributes
    {
        LayoutAttributes(
            key: ElementKey(kind, IndexPath(section: section, item: 0)), frame: frame,
            layoutState: stateName)
    }

    public func attributes(at key: ElementKey) -> LayoutAttributes? {
        let s = key.indexPath.section
        guard sections.indices.contains(s) else { return nil }
        switch key.kind {
        case .cell:
            guard model.contains(key.indexPath) else { return nil }
            return cellAttributes(
                section: s, item: key.indexPath.item,
                frame: cellFrame(section: s, item: key.indexPath.item))
        case .header:
            guard key.indexPath.item == 0, let frame = sections[s].header else { return nil }
            return supplementaryAttributes(.header, section: s, frame: frame)
        case .footer:
            guard key.indexPath.item == 0, let frame = sections[s].footer else { return nil }
            return supplementaryAttributes(.footer, section: s, frame: frame)
        default:
            if let attachment = sectionAttachments.first(where: { $0.kind == key.kind }) {
                guard key.indexPath.item == 0 else { return nil }
                return attachedElement(attachment, key.indexPath, container: sectionItemsRect(s))
            }
            guard model.contains(key.indexPath) else { return nil }
            let item = key.indexPath.item
            return attachedAttributes(
                kind: key.kind, section: s, item: item, cellFrame: cellFrame(section: s, item: item)
            )
        }
    }

    /// Calls `body` with each header, section-attached element and footer, in section
    /// order: work in the number of sections, not of items (item-attached elements go
    /// with their cells).
    public func forEachSupplementaryAttributes(_ body: (LayoutAttributes) -> Void) {
        for (s, section) in sections.enumerated() {
            if let frame = section.header {
                body(supplementaryAttributes(.header, section: s, frame: frame))
            }
            if !sectionAttachments.isEmpty {
                let container = sectionItemsRect(s)
                for attachment in sectionAttachments {
                    body(
                        attachedElement(
                            attachment, IndexPath(section: s, item: 0), container: container))
                }
            }
            if let frame = section.footer {
                body(supplementaryAttributes(.footer, section: s, frame: frame))
            }
        }
    }

    /// Per section: header, section-attached elements, cells each followed by its
    /// attached elements, footer.
    public func forEachAttributes(in query: Rect, limit: Int, _ body: (LayoutAttributes) -> Void)
        -> Bool
    {
        // Attached elements can stick out of their cells: look that much further for cells.
        let lo = query.min(scrollAxis) - attachmentReach
        let hi = query.max(scrollAxis) + attachmentReach
        var remaining = limit
        var s = firstSection(reaching: lo)
        while s < sections.count, sections[s].start <= hi {
            let section = sections[s]
            if let frame = section.header, frame.intersects(query) {
                guard remaining > 0 else { return false }
                body(supplementaryAttributes(.header, section: s, frame: frame))
                remaining -= 1
            }
            if !sectionAttachments.isEmpty {
                let container = sectionItemsRect(s)
                for attachment in sectionAttachments {
                    let a = attachedElement(
                        attachment, IndexPath(section: s, item: 0), container: container)
                    guard a.frame.intersects(query) else { continue }
                    guard remaining > 0 else { return false }
                    body(a)
                    remaining -= 1
                }
            }
            guard forEachCell(in: query, section: s, lo: lo, hi: hi, remaining: &remaining, body)
            else {
                return false
            }
            if let frame = section.footer, frame.intersects(query) {
                guard remaining > 0 else { return false }
                body(supplementaryAttributes(.footer, section: s, frame: frame))
                remaining -= 1
            }
            s += 1
        }
        return true
    }

    /// - Returns: false when `remaining` ran out first.
    private func forEachCell(
        in query: Rect, section s: Int, lo: Double, hi: Double, remaining: inout Int,
        _ body: (LayoutAttributes) -> Void
    ) -> Bool {
        switch arrangements[s] {
        case .uniform(let grid):
            for line in grid.lines(meeting: lo, hi) {
                let first = line * grid.columns
                for item in first..<min(first + grid.columns, grid.count) {
                    let p = grid.position(of: item)
                    let frame = rect(
                        scroll: p.scroll, cross: p.cross, scrollLength: grid.scrollLength,
                        crossLength: grid.crossLength)
                    if frame.intersects(query) {
                        guard remaining > 0 else { return false }
                        body(cellAttributes(section: s, item: item, frame: frame))
                        remaining -= 1
                    }
                    guard
                        emitAttached(
                            section: s, item: item, cellFrame: frame, in: query, &remaining, body)
                    else {
                        return false
                    }
                }
            }
        case .lines(let table):
            var l = table.firstLine(reaching: lo)
            let count = model.sections[s].count
            while l < table.lines.count, table.lines[l].top <= hi {
                let line = table.lines[l]
                for item in table.itemRange(ofLine: l, count: count) {
                    let size = table.sizes[item]
                    let length = size[scrollAxis]
                    let frame = rect(
                        scroll: line.top + (line.thickness - length) / 2,
                        cross: table.crossPositions[item], scrollLength: length,
                        crossLength: size[scrollAxis.other])
                    if frame.intersects(query) {
                        guard remaining > 0 else { return false }
                        body(cellAttributes(section: s, item: item, frame: frame))
                        remaining -= 1
                    }
                    guard
                        emitAttached(
                            section: s, item: item, cellFrame: frame, in: query, &remaining, body)
                    else {
                        return false
                    }
                }
                l += 1
            }
        }
        return true
    }

    /// Calls `body` with the cell's attached elements that meet `query`.
    /// - Returns: false when `remaining` ran out first.
    @inline(__always)
    private func emitAttached(
        section s: Int, item: Int, cellFrame: Rect, in query: Rect, _ remaining: inout Int,
        _ body: (LayoutAttributes) -> Void
    ) -> Bool {
        for attachment in itemAttachments {
            guard
                let a = attachedAttributes(
                    attachment, section: s, item: item, cellFrame: cellFrame),
                a.frame.intersects(query)
            else { continue }
            guard remaining > 0 else { return false }
            body(a)
            remaining -= 1
        }
        return true
    }

    /// The first section whose trailing edge reaches `lo`.
    private func firstSection(reaching lo: Double) -> Int {
        var a = 0
        var b = sections.count
        while a < b {
            let mid = (a + b) / 2
            if sections[mid].end < lo { a = mid + 1 } else { b = mid }
        }
        return a
    }

    /// The cell's line.
    public func cellBand(section: Int, item: Int) -> (lo: Double, hi: Double) {
        switch arrangements[section] {
        case .uniform(let grid):
            let top = grid.position(of: item).scroll
            return (top, top + grid.scrollLength)
        case .lines(let table):
            let line = table.lines[table.line(of: item)]
            return (line.top, line.top + line.thickness)
        }
    }

}

extension SectionedLayout {
    /// Bytes this layout stores beyond the model: section records and, for sections with
    /// per-item sizes, 8 bytes per item and 24 per line.
    public var storedBytes: Int {
        var total =
            sections.count * MemoryLayout<SectionGeometry>.stride
            + arrangements.count * MemoryLayout<ItemArrangement>.stride
        for arrangement in arrangements {
            if case .lines(let table) = arrangement {
                total += table.crossPositions.count * MemoryLayout<Double>.stride
                total += table.lines.count * MemoryLayout<FlowLine>.stride
            }
        }
        return total
    }
}
