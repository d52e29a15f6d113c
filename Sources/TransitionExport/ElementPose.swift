import TransitionEngine

/// What an element looks like at one end of its motion. In between, every member is
/// interpolated linearly with the element's progress, as the engine does.
public struct ElementPose: Hashable, Sendable {
    public var frame: Rect
    public var alpha: Double
    /// The element's transform with an appear/disappear scale applied (nil: identity).
    public var transform: AffineTransform?
    public var values: [CustomValue]
    /// Corner radii, border and shadow (content layers are the writers', from `progress`).
    public var shape: ElementShape?
    /// The element's progress at this pose: 0 and 1 at the ends of a matched element.
    public var progress: Double
    /// False where the engine leaves the element out (an appearing element before it
    /// starts, a disappearing one once it is gone).
    public var isShown: Bool

    init(_ a: LayoutAttributes, isShown: Bool = true) {
        frame = a.frame
        alpha = a.alpha
        transform = a.transform
        values = a.values
        shape = a.shape
        progress = a.transitionProgress
        self.isShown = isShown
    }

    /// The pose with `effect` fully applied: invisible or scaled to nothing.
    func vanished(by effect: AppearEffect) -> ElementPose {
        var pose = self
        pose.isShown = false
        switch effect {
        case .fade:
            pose.alpha = 0
        case .scale:
            var t = transform ?? .identity
            (t.a, t.b, t.c, t.d) = (0, 0, 0, 0)
            pose.transform = t
        case .none:
            break
        }
        return pose
    }

    /// The rect the element covers: its frame with the transform's scale applied about
    /// the centre (what SVG and Lottie draw; rotation and shear are not drawn there).
    public var drawnRect: Rect {
        guard let t = transform else { return frame }
        let w = frame.size.width * t.a
        let h = frame.size.height * t.d
        return Rect(x: frame.midX + t.tx - w / 2, y: frame.midY + t.ty - h / 2, width: w, height: h)
    }

    /// The corner radius SVG and Lottie draw (one per rect): the mean of the four, scaled
    /// like the drawn rect (x by the transform's a, y by its d).
    public var drawnCornerRadius: (x: Double, y: Double) {
        guard let r = shape?.cornerRadius else { return (0, 0) }
        let mean = (r.topLeft + r.topRight + r.bottomRight + r.bottomLeft) / 4
        guard let t = transform else { return (mean, mean) }
        return (mean * Swift.abs(t.a), mean * Swift.abs(t.d))
    }

    /// The colour of a custom value, if it is one.
    public func color(named name: String) -> Color? {
        for v in values where v.name == name {
            if case .color(let c) = v.value { return c }
        }
        return nil
    }
}
