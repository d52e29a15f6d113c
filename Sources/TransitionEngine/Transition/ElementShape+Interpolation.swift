extension ElementShape {
    /// The shape a fraction q of the way from `a` to `b` (q outside 0...1 extrapolates).
    ///
    /// A member one side lacks goes from or to its absence: corner radii 0, a border of
    /// width 0 and a shadow of opacity 0, each otherwise the other side's. Lengths are
    /// clamped at 0, the shadow's opacity to 0...1; offsets extrapolate freely; colours
    /// are interpolated in `space` with q clamped to 0...1. Content layers are not
    /// carried over.
    @inline(never)
    static func interpolate(
        _ a: ElementShape?, _ b: ElementShape?, _ q: Double, in space: ColorSpace
    ) -> ElementShape? {
        var radii: CornerRadii? = nil
        if a?.cornerRadius != nil || b?.cornerRadius != nil {
            let x = a?.cornerRadius ?? CornerRadii(0)
            let y = b?.cornerRadius ?? CornerRadii(0)
            radii = CornerRadii(
                topLeft: grow(x.topLeft, y.topLeft, q), topRight: grow(x.topRight, y.topRight, q),
                bottomRight: grow(x.bottomRight, y.bottomRight, q),
                bottomLeft: grow(x.bottomLeft, y.bottomLeft, q))
        }
        var border: ElementBorder? = nil
        if let some = a?.border ?? b?.border {
            let x = a?.border ?? ElementBorder(width: 0, color: some.color)
            let y = b?.border ?? ElementBorder(width: 0, color: some.color)
            border = ElementBorder(
                width: grow(x.width, y.width, q),
                color: space.interpolate(x.color, y.color, clamp01(q)))
        }
        var shadow: ElementShadow? = nil
        if let some = a?.shadow ?? b?.shadow {
            var none = some
            none.opacity = 0
            let x = a?.shadow ?? none
            let y = b?.shadow ?? none
            shadow = ElementShadow(
                radius: grow(x.radius, y.radius, q),
                opacity: clamp01(lerp(x.opacity, y.opacity, q)),
                offset: Point(
                    x: lerp(x.offset.x, y.offset.x, q), y: lerp(x.offset.y, y.offset.y, q)),
                color: space.interpolate(x.color, y.color, clamp01(q)))
        }
        if radii == nil && border == nil && shadow == nil { return nil }
        return ElementShape(cornerRadius: radii, border: border, shadow: shadow)
    }

    /// A length a fraction q of the way, never below 0.
    @inline(__always)
    private static func grow(_ x: Double, _ y: Double, _ q: Double) -> Double {
        Swift.max(0, lerp(x, y, q))
    }

    /// `shape`'s corner radii, border and shadow with these content layers.
    @inline(never)
    static func with(_ shape: ElementShape?, content: ContentLayers) -> ElementShape {
        ElementShape(
            cornerRadius: shape?.cornerRadius, border: shape?.border, shadow: shape?.shadow,
            content: content)
    }
}

extension Transition {
    /// The content layers of a matched element at element progress q, whose frame is
    /// `frame` and whose source and destination frames are `a` and `b`: the opacities of
    /// `contentFade` (clamped to 0...1) and, with `contentResize` `scale`, each side's
    /// scale to the current frame (1 along an axis where that side's size is 0).
    @inline(never)
    func contentLayers(_ q: Double, frame: Rect, from a: Rect, to b: Rect) -> ContentLayers {
        var layers = ContentLayers()
        if options.contentFade != .none { layers.alpha = options.contentFade.alpha(at: q) }
        if options.contentResize == .scale {
            let w = frame.size.width
            let h = frame.size.height
            layers.scale = (
                ratio(w, a.size.width), ratio(h, a.size.height), ratio(w, b.size.width),
                ratio(h, b.size.height)
            )
        }
        return layers
    }

    @inline(__always)
    private func ratio(_ x: Double, _ y: Double) -> Double { y > 0 ? x / y : 1 }
}
