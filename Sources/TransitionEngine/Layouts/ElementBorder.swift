/// A border drawn inside an element's frame: its width in points and its colour.
public struct ElementBorder: Hashable, Sendable {
    public var width: Double
    public var color: Color

    public init(width: Double, color: Color) {
        self.width = width
        self.color = color
    }
}
