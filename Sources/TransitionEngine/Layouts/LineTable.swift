/// Lines of items of different sizes: per item its cross position; per line its
/// first item and extent. Items are centred on their line along the scroll axis.
struct LineTable: Sendable {
    var lines: [FlowLine]
    var crossPositions: [Double]
    /// The model's sizes, shared (copy-on-write) rather than copied.
    var sizes: [Size]

    /// The index of the line holding `item`.
    /// - Complexity: O(log lines).
    func line(of item: Int) -> Int {
        var lo = 0
        var hi = lines.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lines[mid].firstItem <= item { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The index of the first line whose trailing edge reaches `lo`.
    /// - Complexity: O(log lines).
    func firstLine(reaching lo: Double) -> Int {
        var a = 0
        var b = lines.count
        while a < b {
            let mid = (a + b) / 2
            if lines[mid].top + lines[mid].thickness < lo { a = mid + 1 } else { b = mid }
        }
        return a
    }

    func itemRange(ofLine index: Int, count: Int) -> Range<Int> {
        let end = index + 1 < lines.count ? lines[index + 1].firstItem : count
        return lines[index].firstItem..<end
    }
}
