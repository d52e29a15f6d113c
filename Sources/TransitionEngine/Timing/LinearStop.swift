/// One stop of a CSS `linear()` easing: an output value at an input progress.
///
/// `input` is a fraction (CSS's percentage / 100). Stops without an input are placed
/// by CSS Easing Level 2's rules: the first defaults to 0, the last to the larger of 1
/// and every input before it, and runs in between are spread evenly between their
/// neighbours. An input smaller than one before it is raised to that one. CSS's
/// two-percentage stop `v a% b%` is two stops with value `v`.
public struct LinearStop: Hashable, Sendable {
    /// The output progress at this stop.
    public var value: Double
    /// The input progress of this stop, or nil to place it automatically.
    public var input: Double?

    public init(value: Double, input: Double? = nil) {
        self.value = value
        self.input = input
    }

    /// The stops with every input filled in and made non-decreasing, as CSS does.
    ///
    /// - Complexity: O(n).
    public static func resolved(_ stops: [LinearStop]) -> [LinearStop] {
        var result: [LinearStop] = []
        result.reserveCapacity(stops.count)
        var points = ResolvedPoints(stops)
        while let p = points.next() { result.append(LinearStop(value: p.output, input: p.input)) }
        return result
    }

    /// The output of `linear(stops)` at input progress `x`, and the segment's slope.
    ///
    /// By CSS's algorithm the segment starts at the last point whose input is at most
    /// `x` (but not the final point), so inputs outside the stops extrapolate the
    /// first or last segment, and a vertical segment (two points at one input) yields
    /// the later point's value.
    ///
    /// No stops evaluate as the identity, one stop as its constant value; neither passes
    /// `TimingCurve.validate()`.
    ///
    /// - Complexity: O(n) time, no allocation.
    static func evaluate(_ stops: [LinearStop], at x: Double) -> (value: Double, slope: Double) {
        var points = ResolvedPoints(stops)
        guard var a = points.next() else { return (x, 1) }
        guard var b = points.next() else { return (a.output, 0) }
        while b.input <= x, let c = points.next() {
            a = b
            b = c
        }
        let run = b.input - a.input
        if run == 0 { return (b.output, 0) }
        let slope = (b.output - a.output) / run
        return (a.output + (x - a.input) * slope, slope)
    }
}

extension LinearStop {
    /// The points of a `linear()` function in order, inputs resolved on the fly.
    ///
    /// - Complexity: O(1) amortised per point, no allocation.
    struct ResolvedPoints: IteratorProtocol {
        private let stops: [LinearStop]
        private var index = 0
        /// The largest input defined so far (CSS's `largestInput`).
        private var largest = -Double.infinity
        /// The last point with a defined input, where a run of missing inputs starts.
        private var anchor = (index: 0, input: 0.0)
        /// The next point with a defined input, where the current run ends.
        private var runEnd = (index: -1, input: 0.0)

        init(_ stops: [LinearStop]) {
            self.stops = stops
        }

        mutating func next() -> (input: Double, output: Double)? {
            guard index < stops.count else { return nil }
            let i = index
            index += 1
            if let input = definedInput(i) {
                if stops[i].input != nil || i == 0 { largest = input }
                anchor = (i, input)
                return (input, stops[i].value)
            }
            if runEnd.index < i {
                var j = i + 1
                while definedInput(j) == nil { j += 1 }
                runEnd = (j, definedInput(j)!)
            }
            let share = Double(i - anchor.index) / Double(runEnd.index - anchor.index)
            return (anchor.input + (runEnd.input - anchor.input) * share, stops[i].value)
        }

        /// The input of stop `i` before interpolation, or nil inside a run.
        ///
        /// That is its own input (raised to `largest`), 0 for the first stop,
        /// max(1, largest) for the last, else nil. Inputs of a run
        /// of missing ones do not change `largest`, so this is valid ahead of `index`.
        private func definedInput(_ i: Int) -> Double? {
            if let input = stops[i].input { return Swift.max(input, largest) }
            if i == 0 { return 0 }
            if i == stops.count - 1 { return Swift.max(1, largest) }
            return nil
        }
    }
}
