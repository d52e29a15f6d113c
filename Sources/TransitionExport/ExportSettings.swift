import TransitionEngine

/// How closely and how finely an export follows the engine.
public struct ExportSettings: Hashable, Sendable {
    /// The most any element may stray from the engine's position, in points.
    public var tolerance: Double
    /// Frames per second of a Lottie export.
    public var fps: Double

    public static let defaultTolerance = 0.25
    public static let defaultFPS = 60.0
    /// The smallest tolerance accepted: below it stops would only chase rounding.
    public static let minimumTolerance = 0.001
    public static let fpsRange: ClosedRange<Double> = 1...240

    public init(
        tolerance: Double = ExportSettings.defaultTolerance, fps: Double = ExportSettings.defaultFPS
    ) {
        self.tolerance = tolerance
        self.fps = fps
    }
}
