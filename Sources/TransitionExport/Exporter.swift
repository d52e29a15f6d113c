import TransitionEngine

/// What an export produces: the text in one format and what describes it.
public struct ExportResult: Sendable {
    public var format: ExportFormat
    public var mimeType: String { format.mimeType }
    /// The text (for `waapi`, JSON text of the list).
    public var content: String
    /// Seconds from the start to the end, stagger included.
    public var duration: Double
    public var elementCount: Int
}

/// Writes a planned transition in a format. Pure: text in, text out.
public enum Exporter {
    public static func export(_ plan: MotionPlan, as format: ExportFormat) -> ExportResult {
        let content: String
        switch format {
        case .css: content = CSSWriter.write(plan)
        case .waapi: content = WAAPIWriter.write(plan)
        case .html: content = HTMLWriter.write(plan)
        case .svg: content = SVGWriter.write(plan)
        case .lottie: content = LottieWriter.write(plan)
        }
        return ExportResult(
            format: format, content: content, duration: plan.duration,
            elementCount: plan.elements.count)
    }
}
