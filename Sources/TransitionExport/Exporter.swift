import TransitionEngine

/// Writes a planned transition in a format. Pure: text in, text out.
public enum Exporter {
    /// - Parameter reduced: the reduced version, which `css` and `html` add as an
    ///   `@media (prefers-reduced-motion: reduce)` block and `lottie` as a segment after
    ///   the full one under the marker `reduced motion`; the other formats ignore it.
    public static func export(
        _ plan: MotionPlan, reduced: MotionPlan? = nil, as format: ExportFormat
    )
        -> ExportResult
    {
        let content: String
        switch format {
        case .css: content = CSSWriter.write(plan, reduced: reduced)
        case .waapi: content = WAAPIWriter.write(plan)
        case .html: content = HTMLWriter.write(plan, reduced: reduced)
        case .svg: content = SVGWriter.write(plan)
        case .lottie: content = LottieWriter.write(plan, reduced: reduced)
        }
        return ExportResult(
            format: format, content: content, duration: plan.duration,
            elementCount: plan.elements.count)
    }
}
