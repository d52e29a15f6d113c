/// Where the jumps of a CSS `steps(n, position)` curve fall.
///
/// The raw values are the CSS keywords. `init(name:)` also accepts CSS's legacy
/// aliases `start` (= `jump-start`) and `end` (= `jump-end`).
public enum StepPosition: String, CaseIterable, Sendable {
    /// The first jump happens at the start: the curve begins at 1/n.
    case jumpStart = "jump-start"
    /// The last jump happens at the end: the curve holds (n-1)/n until the end.
    case jumpEnd = "jump-end"
    /// Jumps at both ends: n + 1 levels from 1/(n+1) to n/(n+1), then 1 at the end.
    case jumpBoth = "jump-both"
    /// No jump at either end: n levels from 0 to 1, each held for 1/n of the time.
    case jumpNone = "jump-none"

    /// The position named by a CSS keyword or one of its aliases `start` and `end`.
    ///
    /// - Returns: nil for any other name (names are case-sensitive, as in JSON).
    public init?(name: String) {
        switch name {
        case "start": self = .jumpStart
        case "end": self = .jumpEnd
        default: self.init(rawValue: name)
        }
    }

    /// Every name `init(name:)` accepts, keywords first.
    public static let acceptedNames: [String] = allCases.map { $0.rawValue } + ["start", "end"]

    /// The output of `steps(count, self)` at input progress `x`.
    ///
    /// This is CSS Easing's step-function algorithm, with the "before flag" unset.
    /// `x * count` within 1e-9 (relative) of an integer is snapped to it, so an input
    /// such as 0.29 with 100 steps lands on step 29 despite binary rounding. Counts that
    /// `TimingCurve.validate()` rejects are clamped to the smallest valid count, so the
    /// function never traps or divides by zero.
    ///
    /// - Complexity: O(1).
    public func output(_ x: Double, steps count: Int) -> Double {
        let n = Double(Swift.max(count, self == .jumpNone ? 2 : 1))
        var scaled = x * n
        let nearest = scaled.rounded()
        if abs(scaled - nearest) <= 1e-9 * Swift.max(1, abs(scaled)) { scaled = nearest }
        var step = scaled.rounded(.down)
        if self == .jumpStart || self == .jumpBoth { step += 1 }
        let jumps: Double
        switch self {
        case .jumpStart, .jumpEnd: jumps = n
        case .jumpBoth: jumps = n + 1
        case .jumpNone: jumps = n - 1
        }
        if x >= 0 && step < 0 { step = 0 }
        if x <= 1 && step > jumps { step = jumps }
        return step / jumps
    }
}
