/// A drop shadow: blur radius and offset in points, opacity (0...1, multiplied with the
/// colour's alpha) and colour, as a `CALayer` and CSS `box-shadow` take them.
public struct ElementShadow: Hashable, Sendable {
    public var radius: Double
    public var opacity: Double
    public var offset: Point
    public var color: Color

    public init(radius: Double, opacity: Double, offset: Point, color: Color) {
        self.radius = radius
        self.opacity = opacity
        self.offset = offset
        self.color = color
    }
}
