/// N columns of equal items: item width (W - (N - 1) spacing) / N, height width /
/// aspectRatio unless itemHeight is given (the classmethod article's grid is 2 columns,
/// spacing 10, line spacing 5, inset 10).
public struct GridLayout: Hashable, Sendable {
    public var columns: Int
    /// Spacing between columns, and between rows unless `lineSpacing` is given.
    public var spacing: Double
    public var lineSpacing: Double?
    public var inset: EdgeInsets
    /// Width over height of an item (1 = square).
    public var aspectRatio: Double
    public var itemHeight: Double?
    public var headerHeight: Double
    public var footerHeight: Double

    public init(
        columns: Int, spacing: Double = 0, lineSpacing: Double? = nil, inset: EdgeInsets = .zero,
        aspectRatio: Double = 1, itemHeight: Double? = nil, headerHeight: Double = 0,
        footerHeight: Double = 0
    ) {
        self.columns = columns
        self.spacing = spacing
        self.lineSpacing = lineSpacing
        self.inset = inset
        self.aspectRatio = aspectRatio
        self.itemHeight = itemHeight
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }

    public func validate(field: String = "layout") throws(ValidationError) {
        guard columns >= 1, columns <= 10_000 else {
            throw ValidationError(
                field: field + ".columns", message: "must be an integer from 1 to 10000")
        }
        try ValidationError.checkNonNegative(spacing, field: field + ".spacing")
        if let l = lineSpacing {
            try ValidationError.checkNonNegative(l, field: field + ".lineSpacing")
        }
        try ValidationError.checkInsets(inset, field: field + ".inset")
        // Bounded on both sides, so width / aspectRatio stays a length (a tiny ratio
        // would make items infinitely tall).
        guard aspectRatio.isFinite, aspectRatio >= 1e-6, aspectRatio <= 1e6 else {
            throw ValidationError(
                field: field + ".aspectRatio",
                message: "must be a number from 1e-6 to 1e6, got \(aspectRatio)")
        }
        if let h = itemHeight {
            try ValidationError.checkNonNegative(h, field: field + ".itemHeight")
        }
        try ValidationError.checkNonNegative(headerHeight, field: field + ".headerHeight")
        try ValidationError.checkNonNegative(footerHeight, field: field + ".footerHeight")
    }

    /// The flow layout this preset stands for in `viewport`.
    public func flowLayout(viewport: Viewport) -> FlowLayout {
        let usable = viewport.usableExtent(.horizontal) - inset.left - inset.right
        let width = Swift.max(0, (usable - Double(columns - 1) * spacing) / Double(columns))
        return FlowLayout(
            itemSize: Size(width: width, height: itemHeight ?? width / aspectRatio),
            minimumLineSpacing: lineSpacing ?? spacing, minimumInteritemSpacing: spacing,
            sectionInset: inset, headerReferenceSize: Size(width: 0, height: headerHeight),
            footerReferenceSize: Size(width: 0, height: footerHeight))
    }
}
