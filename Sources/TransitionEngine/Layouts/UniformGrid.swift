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
        position(line: item / columns, column: item % columns)
    }

    @inline(__always)
    func position(line: Int, column: Int) -> (scroll: Double, cross: Double) {
        (scrollStart + Double(line) * linePitch, crossStart + Double(column) * crossPitch)
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
