/// Per-element start/end windows, so elements set off one after another.
public struct Stagger: Hashable, Sendable {
    public enum Order: Hashable, Sendable {
        /// By element order, counted from the first cell visible at the start.
        case index
        /// By distance of the element's start centre from a cell's centre (or from the
        /// middle of the visible rect when nil).
        case distance(from: IndexPath?)
    }

    /// Seconds between consecutive ranks.
    public var delay: Double
    public var order: Order
    /// Later ranks start later (false) or earlier (true).
    public var reversed: Bool
    /// The largest share of the duration the stagger may take, so every element still
    /// moves for at least the rest.
    public static let maximumSpread = 0.75

    public init(delay: Double, order: Order = .index, reversed: Bool = false) {
        self.delay = delay
        self.order = order
        self.reversed = reversed
    }

    /// The spread σ: the share of the duration between the first and the last start.
    public func spread(ranks: Int, duration: Double) -> Double {
        guard ranks > 0, duration > 0, delay > 0 else { return 0 }
        return Swift.min(Double(ranks) * delay / duration, Stagger.maximumSpread)
    }
}

/// TLLayoutTransitioning's time-window conversion: where `x` is within `start...end`,
/// all three clamped to 0...1; 1 when the window is empty.
@inlinable
public func convertToWindow(_ x: Double, start: Double, end: Double) -> Double {
    let x = Swift.min(Swift.max(x, 0), 1)
    let s = Swift.min(Swift.max(start, 0), 1)
    let e = Swift.min(Swift.max(end, 0), 1)
    if e <= s { return 1 }
    if x <= s { return 0 }
    if x >= e { return 1 }
    return (x - s) / (e - s)
}
