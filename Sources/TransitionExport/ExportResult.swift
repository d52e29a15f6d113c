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
