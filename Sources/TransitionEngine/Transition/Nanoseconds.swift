/// Times in seconds read as whole nanoseconds: the unit of the clocks that drive
/// sessions, so differences of times are exact integers rather than doubles whose
/// rounding can put a tick just before an end it is meant to reach.
enum Nanoseconds {
    /// About 292 years: times beyond are held there (the protocol bounds numbers by 1e9 s).
    static let limit = Double(Int64.max / 2) / 1e9

    /// `seconds` rounded to the nearest nanosecond: exact for every reading of a clock in
    /// nanoseconds turned into seconds, up to 2^48 ns (3.2 days); later ones may be off by
    /// a nanosecond.
    static func from(seconds: Double) -> Int64 {
        guard seconds.isFinite else {
            return seconds > 0 ? Int64.max / 2 : seconds < 0 ? -Int64.max / 2 : 0
        }
        let clamped = Swift.min(Swift.max(seconds, -limit), limit)
        return Int64((clamped * 1e9).rounded())
    }
}
