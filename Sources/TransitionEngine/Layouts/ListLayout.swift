/// Full-width rows of one height: the classmethod article's list (a flow layout with
/// itemSize (W, rowHeight), line spacing 0 and no inset by default).
public struct ListLayout: Hashable, Sendable {
    public var rowHeight: Double
    public var spacing: Double
    public var inset: EdgeInsets
    public var headerHeight: Double
    public var footerHeight: Double

    public init(
        rowHeight: Double, spacing: Double = 0, inset: EdgeInsets = .zero,
        headerHeight: Double = 0, footerHeight: Double = 0
    ) {
        self.rowHeight = rowHeight
        self.spacing = spacing
        self.inset = inset
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }

    public func validate(field: String = "layout") throws(ValidationError) {
        try ValidationError.checkNonNegative(rowHeight, field: field + ".rowHeight")
        try ValidationError.checkNonNegative(spacing, field: field + ".spacing")
        try ValidationError.checkInsets(inset, field: field + ".inset")
        try ValidationError.checkNonNegative(headerHeight, field: field + ".headerHeight")
        try ValidationError.checkNonNegative(footerHeight, field: field + ".footerHeight")
    }

    /// The flow layout this preset stands for in `viewport`.
    public func flowLayout(viewport: Viewport) -> FlowLayout {
        let width = Swift.max(0, viewport.usableExtent(.horizontal) - inset.left - inset.right)
        return FlowLayout(
            itemSize: Size(width: width, height: rowHeight), minimumLineSpacing: spacing,
            minimumInteritemSpacing: 0, sectionInset: inset,
            headerReferenceSize: Size(width: 0, height: headerHeight),
            footerReferenceSize: Size(width: 0, height: footerHeight))
    }
}
