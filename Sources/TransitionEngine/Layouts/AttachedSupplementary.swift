/// A supplementary kind a flow-based layout (flow, list, grid, displaySwitch) attaches to
/// its items or to its sections: a badge on the corner of each item, a background behind
/// each section's items. Elements are computed from their container, never stored.
public struct AttachedSupplementary: Hashable, Sendable {
    public enum Container: String, Hashable, Sendable, CaseIterable {
        /// One element per item, index path the item's.
        case item
        /// One element per section, index path `[section, 0]`; its container is the
        /// section's items area (between header and footer, section insets included)
        /// across the content's width.
        case section
    }

    /// Any kind name but `cell`, `header` and `footer` (those are the layout's own).
    public var kind: String
    public var container: Container
    /// The element's size; nil: the container's own rect, moved by `offset` (sections
    /// only).
    public var size: Size?
    /// Where the element's centre sits, in unit coordinates of the container (0...1;
    /// `(1, 0)` is the top right corner).
    public var anchor: Point
    /// Moves the element from there, in points.
    public var offset: Point
    /// Only these items have one (item containers); nil: every item.
    public var items: [IndexPath]?
    /// Alpha, zIndex, transform and values of every element of the kind.
    public var style: ItemStyle

    public init(
        kind: String, container: Container, size: Size? = nil,
        anchor: Point = Point(x: 0.5, y: 0.5),
        offset: Point = .zero, items: [IndexPath]? = nil, style: ItemStyle = ItemStyle()
    ) {
        self.kind = kind
        self.container = container
        self.size = size
        self.anchor = anchor
        self.offset = offset
        self.items = items
        self.style = style
    }

    /// The element's frame for a container rect: without a size, the container moved by
    /// `offset`.
    @inline(__always)
    func frame(in container: Rect) -> Rect {
        guard let s = size else {
            return Rect(
                x: container.minX + offset.x, y: container.minY + offset.y,
                width: container.size.width,
                height: container.size.height)
        }
        let cx = container.minX + anchor.x * container.size.width + offset.x
        let cy = container.minY + anchor.y * container.size.height + offset.y
        return Rect(x: cx - s.width / 2, y: cy - s.height / 2, width: s.width, height: s.height)
    }

    /// How far an element can reach beyond its container along `axis` (its centre lies
    /// in the container moved by `offset`).
    func reach(along axis: Axis) -> Double {
        Swift.abs(offset[axis]) + (size?[axis] ?? 0) / 2
    }

    func validate(model: ItemModel, field: String) throws(ValidationError) {
        try ElementKindTable.checkName(kind, field: field + ".kind")
        guard kind != "header", kind != "footer" else {
            throw ValidationError(
                field: field + ".kind",
                message: "header and footer come from the layout's header and footer sizes")
        }
        if let size { try ValidationError.checkSize(size, field: field + ".size") }
        for (value, name) in [(anchor.x, "x"), (anchor.y, "y")] {
            guard value.isFinite, value >= 0, value <= 1 else {
                throw ValidationError(
                    field: "\(field).anchor.\(name)",
                    message: "must be a number from 0 to 1, got \(value)")
            }
        }
        try ValidationError.checkFinite(offset.x, field: field + ".offset.x")
        try ValidationError.checkFinite(offset.y, field: field + ".offset.y")
        switch container {
        case .item:
            guard size != nil else {
                throw ValidationError(
                    field: field + ".size", message: "an item's supplementary element needs a size")
            }
            for (i, indexPath) in (items ?? []).enumerated() where !model.contains(indexPath) {
                throw ValidationError(
                    field: "\(field).items[\(i)]", message: "no item at \(indexPath)")
            }
        case .section:
            guard items == nil else {
                throw ValidationError(
                    field: field + ".items", message: "only item supplementary kinds select items")
            }
        }
        try style.validate(field: field)
    }

    /// Checks a layout's list: each alone, and each kind at most once.
    static func validate(_ list: [AttachedSupplementary], model: ItemModel, field: String)
        throws(ValidationError)
    {
        for (i, attachment) in list.enumerated() {
            func here() -> String { "\(field)[\(i)]" }
            try attachment.validate(model: model, field: here())
            if list[..<i].contains(where: { $0.kind == attachment.kind }) {
                throw ValidationError(
                    field: here() + ".kind", message: "\(attachment.kind) is declared twice")
            }
        }
    }
}
