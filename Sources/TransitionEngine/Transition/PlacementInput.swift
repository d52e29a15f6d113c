/// The geometry a placement needs, with the destination's viewport.
public struct PlacementInput: Hashable, Sendable {
    /// Union of the items' frames in the current and in the next layout.
    public var fromFrame: Rect
    public var toFrame: Rect
    public var currentOffset: Point
    /// The destination viewport size and content inset, and the next layout's content size.
    public var toViewport: Viewport
    public var toContentSize: Size
    /// Shrinks the placement rect (the viewport at the origin).
    public var placementInset: EdgeInsets
    /// The placement inset is the content inset (`"inset": "content"`): the scrollable
    /// range is then UIKit's, from the viewport, not from the shrunk placement rect.
    public var insetIsContentInset = false
    /// Unit coordinates of the point of the items that is placed; (0.5, 0.5) the middle.
    public var anchor: Point

    public init(
        fromFrame: Rect, toFrame: Rect, currentOffset: Point, toViewport: Viewport,
        toContentSize: Size, placementInset: EdgeInsets = .zero,
        anchor: Point = Point(x: 0.5, y: 0.5)
    ) {
        self.fromFrame = fromFrame
        self.toFrame = toFrame
        self.currentOffset = currentOffset
        self.toViewport = toViewport
        self.toContentSize = toContentSize
        self.placementInset = placementInset
        self.anchor = anchor
    }
}
