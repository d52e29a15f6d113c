/// A prepared layout shown in a viewport at a content offset.
public struct PlacedLayout: Sendable {
    public var layout: PreparedLayout
    /// The spec the layout was prepared from; nil for a frozen (cancelled-in-place) layout.
    public var spec: LayoutSpec?
    public var viewport: Viewport
    public var contentOffset: Point
    /// The session's accessory values in this layout (the spec's, or frozen ones).
    public var accessory: [CustomValue]

    public init(
        layout: PreparedLayout, spec: LayoutSpec?, viewport: Viewport, contentOffset: Point,
        accessory: [CustomValue]? = nil
    ) {
        self.layout = layout
        self.spec = spec
        self.viewport = viewport
        self.contentOffset = contentOffset
        self.accessory = accessory ?? spec?.accessory ?? []
    }

    /// The part of the content on screen: the content offset and the viewport size.
    public var visibleRect: Rect { Rect(origin: contentOffset, size: viewport.size) }

    /// The scrollable range of offsets: from (-inset.left, -inset.top) to where the far
    /// edge of the content meets the far edge of the viewport (less the inset).
    public func clamped(_ offset: Point) -> Point {
        let inset = viewport.contentInset
        let size = layout.contentSize
        let minX = 0 - inset.left  // 0 - 0 is +0, never -0
        let minY = 0 - inset.top
        let maxX = Swift.max(minX, size.width + inset.right - viewport.size.width)
        let maxY = Swift.max(minY, size.height + inset.bottom - viewport.size.height)
        return Point(
            x: Swift.min(Swift.max(offset.x, minX), maxX),
            y: Swift.min(Swift.max(offset.y, minY), maxY))
    }
}
