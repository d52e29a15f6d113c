import TransitionEngine

/// The numbers of elements' shapes and content layers as the compact and binary
/// encodings write them (Protocol 8.2, 8.3): fields 0-3 the corner radii, 4 the border's
/// width, 5-8 the shadow's radius, opacity and offset, 9-10 `contentAlpha`, 11-14
/// `contentScale`; NaN where an element has none. Colours (the border's and the
/// shadow's) are written apart. Plain functions over field numbers, no closures: the
/// WebAssembly module stays small.
enum ShapeColumns {
    /// The binary column of each field.
    static let keys: [StaticString] = [
        "cornerRadiusTopLeft", "cornerRadiusTopRight", "cornerRadiusBottomRight",
        "cornerRadiusBottomLeft", "borderWidth", "shadowRadius", "shadowOpacity",
        "shadowOffsetX", "shadowOffsetY", "contentAlphaOutgoing", "contentAlphaIncoming",
        "contentScaleOutgoingX", "contentScaleOutgoingY", "contentScaleIncomingX",
        "contentScaleIncomingY",
    ]
    /// Where each member's fields start (corner radii, border, shadow, contentAlpha,
    /// contentScale), and the end.
    static let starts = [0, 4, 5, 9, 11, 15]

    /// Field `field` of `shape`; NaN when the element lacks the member.
    @inline(never)
    static func number(_ field: Int, of shape: ElementShape?) -> Double {
        guard let shape else { return .nan }
        switch field {
        case 0...3:
            guard let r = shape.cornerRadius else { return .nan }
            return field == 0
                ? r.topLeft : field == 1 ? r.topRight : field == 2 ? r.bottomRight : r.bottomLeft
        case 4: return shape.border?.width ?? .nan
        case 5...8:
            guard let s = shape.shadow else { return .nan }
            return field == 5
                ? s.radius : field == 6 ? s.opacity : field == 7 ? s.offset.x : s.offset.y
        case 9, 10:
            guard let a = shape.content?.alpha else { return .nan }
            return field == 9 ? a.outgoing : a.incoming
        default:
            guard let s = shape.content?.scale else { return .nan }
            return field == 11
                ? s.outgoingX : field == 12 ? s.outgoingY : field == 13 ? s.incomingX : s.incomingY
        }
    }

    /// Which members some element has (five flags, in `starts`' order).
    @inline(never)
    static func present(in extras: [AttributeExtras]) -> [Bool] {
        var present = [false, false, false, false, false]
        for x in extras {
            guard let shape = x.shape else { continue }
            for g in 0..<5 where !present[g] {
                present[g] = !number(starts[g], of: shape).isNaN
            }
        }
        return present
    }

    /// The border's (`shadow`: the shadow's) colour of `shape`, if it has one.
    static func color(_ shape: ElementShape?, shadow: Bool) -> Color? {
        shadow ? shape?.shadow?.color : shape?.border?.color
    }
}
