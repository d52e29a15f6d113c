/// A supplementary element an explicit layout places itself: a badge, a decoration, a
/// header, named by its kind and index path like UIKit's supplementary views.
public struct SupplementaryItem: Hashable, Sendable {
    /// Any kind name but `cell` (see `ElementKindTable.checkName`).
    public var kind: String
    public var indexPath: IndexPath
    public var frame: Rect
    /// Alpha, zIndex, transform and values of the element (absent: 1, 0, none, none).
    public var style: ItemStyle

    public init(kind: String, indexPath: IndexPath, frame: Rect, style: ItemStyle = ItemStyle()) {
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
        self.style = style
    }

    /// Checks the kind name, the index path against the model and the frame.
    func validate(model: ItemModel, field: String) throws(ValidationError) {
        try ElementKindTable.checkName(kind, field: field + ".kind")
        guard indexPath.section >= 0, indexPath.section < model.sections.count else {
            throw ValidationError(
                field: field + ".indexPath[0]",
                message:
                    "must name a section from 0 to \(model.sections.count - 1), got \(indexPath.section)"
            )
        }
        guard indexPath.item >= 0, indexPath.item <= Int(ValidationError.maximumMagnitude) else {
            throw ValidationError(
                field: field + ".indexPath[1]",
                message: "must be an item from 0 to 1e9, got \(indexPath.item)")
        }
        try ValidationError.checkFinite(frame.minX, field: field + ".frame[0]")
        try ValidationError.checkFinite(frame.minY, field: field + ".frame[1]")
        try ValidationError.checkNonNegative(frame.size.width, field: field + ".frame[2]")
        try ValidationError.checkNonNegative(frame.size.height, field: field + ".frame[3]")
        try style.validate(field: field)
    }

    /// Checks a layout's list: each item alone, no two with the same kind and index path,
    /// and no more of them than the session may have items.
    static func validate(
        _ list: [SupplementaryItem], model: ItemModel, limits: LayoutLimits, field: String
    )
        throws(ValidationError)
    {
        guard list.count <= limits.maxItems else {
            throw ValidationError(
                field: field,
                message: "\(list.count) supplementary items exceed the limit of \(limits.maxItems)",
                limit: limits.maxItems)
        }
        var seen = Set<SupplementaryKey>()
        for (i, item) in list.enumerated() {
            func here() -> String { "\(field)[\(i)]" }
            try item.validate(model: model, field: here())
            guard seen.insert(SupplementaryKey(kind: item.kind, indexPath: item.indexPath)).inserted
            else {
                throw ValidationError(
                    field: here(),
                    message: "a \(item.kind) at \(item.indexPath) is already given")
            }
        }
    }
}
