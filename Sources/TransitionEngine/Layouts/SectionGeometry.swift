/// The prepared geometry of one section of a flow-like layout, in scroll/cross
/// coordinates: along the scroll axis the section occupies `start...end`.
struct SectionGeometry: Sendable {
    var start: Double
    var end: Double
    var header: Rect?
    var footer: Rect?
    var items: ItemArrangement
}

/// Where a section's items sit: on a uniform grid (nothing stored per item), or on
/// lines of items of different sizes.
enum ItemArrangement: Sendable {
    case uniform(UniformGrid)
    case lines(LineTable)
}

/// Items of one size on fixed columns: item i is on line i / columns, column
/// i % columns. Frames are computed, not stored.
struct UniformGrid: Sendable {
    var count: Int
    var columns: Int
    /// Scroll coordinate of the first line's leading edge.
    var scrollStart: Double
    /// Distance between the leading edges of consecutive lines.
    var linePitch: Double
    /// Cross coordinate of column 0, and distance between column starts.
    var crossStart: Double
    var crossPitch: Double
    /// Item extent along the scroll and the cross axis.
    var scrollLength: Double
    var crossLength: Double

    var lineCount: Int { count == 0 ? 0 : (count + columns - 1) / columns }

    func position(of item: Int) -> (scroll: Double, cross: Double) {
        let line = item / columns
        let column = item % columns
        return (
            scrollStart + Double(line) * linePitch, crossStart + Double(column) * crossPitch
        )
    }

    /// The lines that may meet the scroll range `lo...hi` (a superset, never missing one).
    func lines(meeting lo: Double, _ hi: Double) -> Range<Int> {
        let n = lineCount
        guard n > 0 else { return 0..<0 }
        guard linePitch > 0 else { return 0..<n }
        let first = ((lo - scrollLength - scrollStart) / linePitch).rounded(.down) - 1
        let last = ((hi - scrollStart) / linePitch).rounded(.down) + 1
        let a = Int(Swift.max(0, Swift.min(first, Double(n))))
        let b = Int(Swift.max(0, Swift.min(last + 1, Double(n))))
        return a..<Swift.max(a, b)
    }
}

/// One line of a flow section with per-item sizes.
struct FlowLine: Sendable {
    /// The section-relative index of the line's first item.
    var firstItem: Int
    /// Scroll coordinate of the line's leading edge, and its extent (the largest item).
    var top: Double
    var thickness: Double
}

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
