/// Distances inward from each edge, as UIEdgeInsets.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets()

    /// Leading and trailing inset along `axis` (left/right for horizontal).
    public func leading(_ axis: Axis) -> Double { axis == .horizontal ? left : top }
    public func trailing(_ axis: Axis) -> Double { axis == .horizontal ? right : bottom }
    public func total(_ axis: Axis) -> Double { leading(axis) + trailing(axis) }
}
