/// Everything a client needs to place one element: the UICollectionViewLayoutAttributes
/// of transitiond, plus DisplaySwitcher's transition trio.
public struct LayoutAttributes: Hashable, Sendable {
    /// Kind and index path: the element's identity within its layout.
    public var key: ElementKey
    /// The item's stable identity, when the client gave ids.
    public var id: ItemID?
    public var frame: Rect
    public var alpha: Double
    public var zIndex: Int
    public var isHidden: Bool
    /// Applied about the frame's centre; nil means identity.
    public var transform: AffineTransform?
    /// The components `transform` was made from, when given so (item styles):
    /// transitions interpolate these rather than the matrix.
    public var itemTransform: ItemTransform? = nil
    /// Custom animated values declared by the layout (colours, numbers).
    public var values: [CustomValue]
    /// DisplaySwitcher's `transitionProgress`: 0 at rest, the eased progress in flight.
    public var transitionProgress: Double
    /// DisplaySwitcher's `nextLayoutCellFrame`: the frame in the destination layout.
    public var nextFrame: Rect?
    /// DisplaySwitcher's `layoutState`: the state name of the layout this frame belongs to
    /// (`list`, `grid`, `flow`, `explicit`, or the name the client gave).
    public var layoutState: String
    /// Corner radii, border, shadow and in flight the content layers; nil: none of them.
    public var shape: ElementShape? = nil

    public init(
        key: ElementKey, id: ItemID? = nil, frame: Rect, alpha: Double = 1, zIndex: Int = 0,
        isHidden: Bool = false, transform: AffineTransform? = nil, values: [CustomValue] = [],
        transitionProgress: Double = 0, nextFrame: Rect? = nil, layoutState: String = ""
    ) {
        self.key = key
        self.id = id
        self.frame = frame
        self.alpha = alpha
        self.zIndex = zIndex
        self.isHidden = isHidden
        self.transform = transform
        self.values = values
        self.transitionProgress = transitionProgress
        self.nextFrame = nextFrame
        self.layoutState = layoutState
    }

    public var kind: ElementKind { key.kind }
    public var indexPath: IndexPath { key.indexPath }
}
