/// One sampled moment of a transition: what `transition/sample` returned at `progress`.
struct FilmFrame {
    var progress: Double
    var fraction: Double
    var offsetX: Double
    var offsetY: Double
    /// The viewport's size at this progress (it may change during a transition).
    var viewportWidth: Double
    var viewportHeight: Double
    var boxes: [ElementBox]
    /// `check --diff-svg`: the recorded elements, drawn as outlines over the boxes; those
    /// out of bounds stand out.
    var outlines: [ExpectedOutline] = []
}

/// A recorded element's frame over the frame sampled now.
struct ExpectedOutline {
    var box: ElementBox
    var differs: Bool
}
