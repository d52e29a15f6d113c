/// A static index of intervals `lo...hi` answering "which intervals meet `qlo...qhi`".
///
/// Entries are sorted by `lo`; an implicit balanced tree over that array keeps at each
/// node the largest `hi` below it, so a query skips every subtree that ends too early.
/// - Complexity: build O(n log n); query O(log n + k log n) for k entries found, usually
///   much closer to O(log n + k).
struct IntervalIndex: Sendable {
    /// Entry payloads (caller's indices) in order of `lo`.
    private let entries: [Int32]
    private let lows: [Double]
    private let maxHighBelow: [Double]

    init(lows: [Double], highs: [Double]) {
        let order = lows.indices.sorted { lows[$0] < lows[$1] }
        entries = order.map { Int32($0) }
        self.lows = order.map { lows[$0] }
        var maxHigh = [Double](repeating: -.infinity, count: order.count)
        let sortedHighs = order.map { highs[$0] }
        IntervalIndex.fill(&maxHigh, sortedHighs, 0, order.count)
        maxHighBelow = maxHigh
    }

    var count: Int { entries.count }

    @discardableResult
    private static func fill(_ maxHigh: inout [Double], _ highs: [Double], _ lo: Int, _ hi: Int)
        -> Double
    {
        guard lo < hi else { return -.infinity }
        let mid = (lo + hi) / 2
        let m = Swift.max(
            highs[mid], fill(&maxHigh, highs, lo, mid), fill(&maxHigh, highs, mid + 1, hi))
        maxHigh[mid] = m
        return m
    }

    /// Calls `body` with the payload of every interval that may meet `qlo...qhi`
    /// (inclusive ends; the caller filters exactly), in order of `lo`.
    func forEach(meeting qlo: Double, _ qhi: Double, _ body: (Int) -> Void) {
        visit(qlo, qhi, 0, entries.count, body)
    }

    private func visit(
        _ qlo: Double, _ qhi: Double, _ lo: Int, _ hi: Int, _ body: (Int) -> Void
    ) {
        guard lo < hi else { return }
        let mid = (lo + hi) / 2
        guard maxHighBelow[mid] >= qlo else { return }
        visit(qlo, qhi, lo, mid, body)
        guard lows[mid] <= qhi else { return }
        body(Int(entries[mid]))
        visit(qlo, qhi, mid + 1, hi, body)
    }
}
