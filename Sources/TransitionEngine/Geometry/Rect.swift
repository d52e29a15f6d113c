/// An axis-aligned rectangle: origin (top-left) and size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    public func min(_ axis: Axis) -> Double { origin[axis] }
    public func max(_ axis: Axis) -> Double { origin[axis] + size[axis] }

    public var description: String { "(\(minX), \(minY), \(size.width), \(size.height))" }

    /// Whether the two rectangles share area. Intervals are half-open, and a
    /// zero-length extent counts as the single coordinate it sits on, so an element of
    /// zero width is still found by a rect that contains its position.
    public func intersects(_ other: Rect) -> Bool {
        Rect.overlaps(minX, maxX, other.minX, other.maxX)
            && Rect.overlaps(minY, maxY, other.minY, other.maxY)
    }

    /// Whether the element extent `lo..<hi` meets the query extent `qlo..<qhi`.
    @inlinable
    public static func overlaps(_ lo: Double, _ hi: Double, _ qlo: Double, _ qhi: Double) -> Bool {
        if hi <= lo { return qlo <= lo && lo < qhi }
        return lo < qhi && qlo < hi
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX)
        let y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX)
        let y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rectangle moved inward by `insets` (outward for negative insets).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: size.width, height: size.height)
    }
}
