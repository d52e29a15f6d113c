/// The radii of an element's four corners, in points of its own frame (not scaled by
/// its transform).
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius at every corner.
    public init(_ radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// The radius of every corner, when the four are equal.
    public var uniform: Double? {
        topLeft == topRight && topLeft == bottomRight && topLeft == bottomLeft ? topLeft : nil
    }

    /// Clockwise from the top left, as the protocol lists them.
    public var all: [Double] { [topLeft, topRight, bottomRight, bottomLeft] }
}
