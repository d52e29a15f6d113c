/// A transform given by its components, as a design tool states it: scale, rotation
/// (radians) and translation. Transitions interpolate the components, so a half-turn
/// turns instead of collapsing through zero as a blend of matrices would.
public struct ItemTransform: Hashable, Sendable {
    public var scaleX: Double
    public var scaleY: Double
    public var rotation: Double
    public var translateX: Double
    public var translateY: Double

    public init(
        scaleX: Double = 1, scaleY: Double = 1, rotation: Double = 0, translateX: Double = 0,
        translateY: Double = 0
    ) {
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.rotation = rotation
        self.translateX = translateX
        self.translateY = translateY
    }

    public static let identity = ItemTransform()

    /// CGAffineTransform(translationX:y:).rotated(by:).scaledBy(x:y:): scale first,
    /// then rotate, then translate.
    public var matrix: AffineTransform {
        let c = cos(rotation)
        let s = sin(rotation)
        // 0 - x, not -x: an unrotated transform writes 0, never -0.
        return AffineTransform(
            a: scaleX * c, b: scaleX * s, c: 0 - scaleY * s, d: scaleY * c, tx: translateX,
            ty: translateY)
    }

    /// Each component a fraction `q` of the way from `a` to `b` (extrapolated outside 0...1).
    public static func interpolate(_ a: ItemTransform, _ b: ItemTransform, _ q: Double)
        -> ItemTransform
    {
        ItemTransform(
            scaleX: lerp(a.scaleX, b.scaleX, q), scaleY: lerp(a.scaleY, b.scaleY, q),
            rotation: lerp(a.rotation, b.rotation, q),
            translateX: lerp(a.translateX, b.translateX, q),
            translateY: lerp(a.translateY, b.translateY, q))
    }

    func validate(field: String) throws(ValidationError) {
        try ValidationError.checkFinite(scaleX, field: field + ".scaleX")
        try ValidationError.checkFinite(scaleY, field: field + ".scaleY")
        try ValidationError.checkFinite(rotation, field: field + ".rotation")
        try ValidationError.checkFinite(translateX, field: field + ".translateX")
        try ValidationError.checkFinite(translateY, field: field + ".translateY")
    }
}
