/// One line of a flow section with per-item sizes.
struct FlowLine: Sendable {
    /// The section-relative index of the line's first item.
    var firstItem: Int
    /// Scroll coordinate of the line's leading edge, and its extent (the largest item).
    var top: Double
    var thickness: Double
}
