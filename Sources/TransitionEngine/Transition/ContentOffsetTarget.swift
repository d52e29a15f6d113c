/// Where a transition's content offset ends.
public enum ContentOffsetTarget: Hashable, Sendable {
    /// Keep on screen what the user was looking at: the cell nearest the middle of the
    /// visible rect keeps its on-screen position (`minimal` for that cell).
    case automatic
    /// A placement of the union of `items`' frames. The placement rect is the viewport
    /// inset by `inset` (TLLayoutTransitioning's rule), or, with `insetByContent`, by the
    /// destination's content inset (UIKit's adjusted content inset).
    case placement(
        Placement, items: [IndexPath], anchor: Point? = nil, inset: EdgeInsets = .zero,
        insetByContent: Bool = false)
    /// DisplaySwitcher's formula; both layouts must be displaySwitch layouts.
    case displaySwitch
    /// An explicit offset, used as given (not clamped).
    case point(Point)
}
