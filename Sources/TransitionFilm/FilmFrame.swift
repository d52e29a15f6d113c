/// One sampled moment of a transition: what `transition/sample` returned at `progress`.
public struct FilmFrame {
    public var progress: Double
    public var fraction: Double
    public var offsetX: Double
    public var offsetY: Double
    /// The viewport's size at this progress (it may change during a transition).
    public var viewportWidth: Double
    public var viewportHeight: Double
    public var boxes: [ElementBox]
    /// `check --diff-svg`: the recorded elements, drawn as outlines over the boxes; those
    /// out of bounds stand out.
    public var outlines: [ExpectedOutline] = []
    /// What the frame is labelled with; nil: `progress 0.50`. (`check --diff-svg` names
    /// its samples as its text report does: `t=0.150 s (sample 3)`.)
    public var caption: String?

    public init(
        progress: Double, fraction: Double, offsetX: Double, offsetY: Double,
        viewportWidth: Double, viewportHeight: Double, boxes: [ElementBox],
        outlines: [ExpectedOutline] = [], caption: String? = nil
    ) {
        self.progress = progress
        self.fraction = fraction
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.viewportWidth = viewportWidth
        self.viewportHeight = viewportHeight
        self.boxes = boxes
        self.outlines = outlines
        self.caption = caption
    }
}

/// A recorded element's frame over the frame sampled now.
public struct ExpectedOutline {
    public var box: ElementBox
    public var differs: Bool

    public init(box: ElementBox, differs: Bool) {
        self.box = box
        self.differs = differs
    }
}
