/// How fast an element's frame changes: its centre and size, in points per second.
public struct FrameVelocity: Hashable, Sendable {
    public var centerX: Double
    public var centerY: Double
    public var width: Double
    public var height: Double

    public init(centerX: Double = 0, centerY: Double = 0, width: Double = 0, height: Double = 0) {
        self.centerX = centerX
        self.centerY = centerY
        self.width = width
        self.height = height
    }

    public static let zero = FrameVelocity()

    public var isZero: Bool { self == .zero }

    /// `self` times `k`, plus `other`.
    func scaled(_ k: Double, plus other: FrameVelocity = .zero) -> FrameVelocity {
        FrameVelocity(
            centerX: centerX * k + other.centerX, centerY: centerY * k + other.centerY,
            width: width * k + other.width, height: height * k + other.height)
    }

    /// `frame` moved on by this velocity for `seconds` (sizes never below 0).
    func displacing(_ frame: Rect, by seconds: Double) -> Rect {
        let w = Swift.max(0, frame.size.width + width * seconds)
        let h = Swift.max(0, frame.size.height + height * seconds)
        let cx = frame.midX + centerX * seconds
        let cy = frame.midY + centerY * seconds
        return Rect(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
    }

    /// The most it moves an edge along `axis` per second.
    func reach(along axis: Axis) -> Double {
        axis == .vertical
            ? Swift.abs(centerY) + Swift.abs(height) / 2 : Swift.abs(centerX) + Swift.abs(width) / 2
    }
}
