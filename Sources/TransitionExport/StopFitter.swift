import TransitionEngine

/// Chooses the stops of a piecewise-linear function (CSS `linear()`, SVG `keyTimes`,
/// Lottie keyframes) that follows a function on 0...1 within a tolerance.
///
/// Greedy: from each stop, the next is the farthest point whose chord stays within the
/// tolerance at `probes` evenly spaced points, found by bisection. Stops lie on the
/// function, so the ends are exact. A jump (a step, a spring's final snap) ends in two
/// stops less than `minimumRun` apart.
struct StopFitter {
    var tolerance: Double
    var probes = 32
    var minimumRun = 1e-9
    /// Where the value crosses this, the approximation must cross it too (an element
    /// shown on one side only): a pair of stops lands on every crossing.
    var side: ((Double) -> Bool)? = nil

    /// The stops, inputs increasing from 0 to 1.
    /// - Complexity: O(stops × probes × log(1 / minimumRun)) evaluations of `f`.
    func fit(_ f: (Double) -> Double) -> [LinearStop] {
        var stops = [LinearStop(value: f(0), input: 0)]
        var x0 = 0.0
        var y0 = stops[0].value
        while x0 < 1 {
            var x1 = farthest(f, from: x0, y0, upTo: 1)
            if let side, let crossing = firstCrossing(f, side, from: x0, y0, to: x1) {
                x1 = crossing.lo > x0 ? farthest(f, from: x0, y0, upTo: crossing.lo) : crossing.hi
            }
            let y1 = f(x1)
            stops.append(LinearStop(value: y1, input: x1))
            x0 = x1
            y0 = y1
        }
        return stops
    }

    /// The farthest x in (x0, upper] whose chord from x0 fits.
    private func farthest(
        _ f: (Double) -> Double, from x0: Double, _ y0: Double, upTo upper: Double
    ) -> Double {
        if chordFits(f, x0, y0, upper, f(upper)) { return upper }
        var lo = x0
        var hi = upper
        while hi - lo > minimumRun {
            let mid = lo + (hi - lo) / 2
            if chordFits(f, x0, y0, mid, f(mid)) { lo = mid } else { hi = mid }
        }
        return lo > x0 ? lo : hi
    }

    /// The first change of side after x0 up to x1, as the last point before it and the
    /// first after it (less than `minimumRun` / 1000 apart).
    private func firstCrossing(
        _ f: (Double) -> Double, _ side: (Double) -> Bool, from x0: Double, _ y0: Double,
        to x1: Double
    ) -> (lo: Double, hi: Double)? {
        let start = side(y0)
        let n = probes * 2
        var previous = x0
        for k in 1...n {
            let x = x0 + (x1 - x0) * Double(k) / Double(n)
            if side(f(x)) != start {
                var lo = previous
                var hi = x
                while hi - lo > minimumRun / 1000 {
                    let mid = lo + (hi - lo) / 2
                    if side(f(mid)) != start { hi = mid } else { lo = mid }
                }
                return (lo, hi)
            }
            previous = x
        }
        return nil
    }

    private func chordFits(
        _ f: (Double) -> Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double
    ) -> Bool {
        let run = x1 - x0
        for k in 1..<probes {
            let s = Double(k) / Double(probes)
            let x = x0 + run * s
            let chord = y0 + (y1 - y0) * s
            let y = f(x)
            if !(Swift.abs(y - chord) <= tolerance) { return false }
            if let side, side(y) != side(chord) { return false }
        }
        return true
    }
}
