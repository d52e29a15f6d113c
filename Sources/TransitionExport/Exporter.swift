import TransitionEngine

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
