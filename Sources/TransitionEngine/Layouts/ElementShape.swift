/// What an element looks like besides its frame, alpha and transform: corner radii, a
/// border and a shadow (item styles, `cellStyle`), and in flight its two content layers.
///
/// One immutable reference: `LayoutAttributes` is copied on every hot path, and an
/// element without any of it costs one nil pointer. An absent member is unset (an item
/// style leaves the layout's own; square corners, no border, no shadow).
public final class ElementShape: Hashable, Sendable {
    public let cornerRadius: CornerRadii?
    public let border: ElementBorder?
    public let shadow: ElementShadow?
    /// Only in flight, on elements both layouts have (`contentFade`, `contentResize`).
    public let content: ContentLayers?

    public init(
        cornerRadius: CornerRadii? = nil, border: ElementBorder? = nil,
        shadow: ElementShadow? = nil, content: ContentLayers? = nil
    ) {
        self.cornerRadius = cornerRadius
        self.border = border
        self.shadow = shadow
        self.content = content
    }

    /// Whether corner radii, border and shadow are all unset.
    public var hasNoShape: Bool { cornerRadius == nil && border == nil && shadow == nil }

    /// `self` with what `top` sets on top, member by member; its content is `top`'s.
    public func overridden(by top: ElementShape) -> ElementShape {
        ElementShape(
            cornerRadius: top.cornerRadius ?? cornerRadius, border: top.border ?? border,
            shadow: top.shadow ?? shadow, content: top.content)
    }

    /// The same shape with these content layers (nil: none); nil when nothing is left.
    func with(content: ContentLayers?) -> ElementShape? {
        if hasNoShape && content == nil { return nil }
        return ElementShape(
            cornerRadius: cornerRadius, border: border, shadow: shadow, content: content)
    }

    public static func == (l: ElementShape, r: ElementShape) -> Bool {
        l === r
            || (l.cornerRadius == r.cornerRadius && l.border == r.border && l.shadow == r.shadow
                && l.content == r.content)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(cornerRadius)
        hasher.combine(border)
        hasher.combine(shadow)
        hasher.combine(content)
    }

    /// Checks the members an item style gives (lengths from 0 to 1e9, offsets from -1e9
    /// to 1e9, opacity from 0 to 1); errors name them under `field`.
    @inline(never)
    func validate(field: String) throws(ValidationError) {
        if let r = cornerRadius {
            let four = r.uniform == nil
            var i = 0
            for v in [r.topLeft, r.topRight, r.bottomRight, r.bottomLeft] {
                try ValidationError.checkNonNegative(
                    v, field: field + (four ? ".cornerRadius[" + String(i) + "]" : ".cornerRadius"))
                i += 1
            }
        }
        if let border {
            try ValidationError.checkNonNegative(border.width, field: field + ".border.width")
        }
        if let shadow {
            try ValidationError.checkNonNegative(shadow.radius, field: field + ".shadow.radius")
            guard shadow.opacity >= 0, shadow.opacity <= 1 else {
                throw ValidationError(
                    field: field + ".shadow.opacity",
                    message: "must be a number from 0 to 1, got \(shadow.opacity)")
            }
            try ValidationError.checkFinite(shadow.offset.x, field: field + ".shadow.offset.x")
            try ValidationError.checkFinite(shadow.offset.y, field: field + ".shadow.offset.y")
        }
    }
}
