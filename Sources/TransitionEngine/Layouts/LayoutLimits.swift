/// Bounds on what a client may ask for.
public struct LayoutLimits: Hashable, Sendable {
    /// Items per session, across all sections.
    public var maxItems: Int
    /// Sections per session (each costs a record, even when empty).
    public var maxSections: Int

    public init(maxItems: Int = 10_000_000, maxSections: Int = 100_000) {
        self.maxItems = maxItems
        self.maxSections = maxSections
    }
}
