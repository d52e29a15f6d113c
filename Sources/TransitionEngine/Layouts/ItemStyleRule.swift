/// One `itemStyles` rule: the items it styles, by index path or by id, or with `kind`
/// the supplementary elements of that kind at those index paths (of those items).
public struct ItemStyleRule: Hashable, Sendable {
    public enum Selector: Hashable, Sendable {
        case items([IndexPath])
        case ids([ItemID])
        /// Items by their position in element order across sections (an explicit
        /// layout's item objects).
        case globalIndices([Int])
    }

    public var selector: Selector
    public var style: ItemStyle
    /// The supplementary kind it styles; nil (or `cell`): cells.
    public var kind: String?

    public init(_ selector: Selector, style: ItemStyle, kind: String? = nil) {
        self.selector = selector
        self.style = style
        self.kind = kind == "cell" ? nil : kind
    }
}
