/// The CSS `cubic-bezier(x1, y1, x2, y2)` curve, evaluated as a function y(x).
///
/// The curve runs from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2).
/// x(t) and y(t) are cubic polynomials in the curve parameter t in [0, 1]; with x1 and
/// x2 in [0, 1], x(t) is non-decreasing, so y(x) is a function. For a given x the
/// parameter is found by Newton's method from t = x, falling back to bisection when a
/// Newton step cannot proceed (see `parameter(forX:)`). Inputs outside [0, 1] follow
/// the tangent at the nearer end, as CSS specifies.
struct CubicBezier: Sendable {
    /// The accuracy on |x(t) - x| the solver must reach at least (`Timing/README.md`,
    /// "cubic-bezier").
    static let epsilon = 1e-7
    /// The accuracy on |x(t) - x| the solver aims for.
    ///
    /// At `epsilon` the output could be off by `epsilon` times the slope, too coarse
    /// for the project's 1e-9 comparisons.
    static let tolerance = 1e-14

    let x1: Double, y1: Double, x2: Double, y2: Double
    // Power-basis coefficients: x(t) = ((ax t + bx) t + cx) t, likewise y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func dy(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The output progress at input `x`.
    ///
    /// - Complexity: O(1): typically 3 to 6 Newton steps, never more than 100.
    func value(at x: Double) -> Double {
        if x < 0 { return startTangent.map { $0 * x } ?? 0 }
        if x > 1 { return endTangent.map { 1 + $0 * (x - 1) } ?? 1 }
        return y(parameter(forX: x))
    }

    /// The slope dy/dx at input `x`.
    ///
    /// It is y'(t)/x'(t), or, where x'(t) vanishes (at an end with x1 = 0 or x2 = 1,
    /// or in the middle of an S-curve), the secant over parameter steps of 1e-6
    /// around t, which tends to the true slope where it is finite and stays finite at
    /// a vertical tangent. Outside [0, 1], the slope of the extending tangent.
    ///
    /// - Complexity: O(1).
    func slope(at x: Double) -> Double {
        if x < 0 { return startTangent ?? 0 }
        if x > 1 { return endTangent ?? 0 }
        let t = parameter(forX: x)
        let d = dx(t)
        if abs(d) > 1e-9 { return dy(t) / d }
        let h = 1e-6
        let t0 = Swift.max(0, t - h)
        let t1 = Swift.min(1, t + h)
        let run = self.x(t1) - self.x(t0)
        return run > 0 ? (y(t1) - y(t0)) / run : 0
    }

    /// The curve parameter t in [0, 1] with x(t) = x, for x in [0, 1].
    ///
    /// Newton's method from t = x, safeguarded: the root stays bracketed in [lo, hi]
    /// (x(t) is non-decreasing), and a step that would leave the bracket, or divide by
    /// |x'(t)| < 1e-6, is replaced by a bisection step, as is every step after the
    /// 40th. It stops when |x(t) - x| <= `tolerance`, when the bracket can no longer
    /// shrink, or after 100 steps (the last 60 halving the bracket), so it always
    /// ends within `epsilon`; in practice within a few ulps after 3 to 6 steps.
    func parameter(forX x: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        var t = x
        for step in 0..<100 {
            let error = self.x(t) - x
            if abs(error) <= CubicBezier.tolerance { return t }
            if error < 0 { lo = t } else { hi = t }
            let d = dx(t)
            var next = t - error / d
            if step >= 40 || !(abs(d) >= 1e-6 && next > lo && next < hi) {
                next = lo + (hi - lo) / 2
            }
            if next == t || !(lo < hi) { return t }
            t = next
        }
        return t
    }

    /// The slope of the line that extends the curve below x = 0.
    ///
    /// The line goes from (0, 0) towards P1, else towards P2; nil when both have
    /// x = 0 (the output stays 0).
    private var startTangent: Double? {
        if x1 > 0 { return y1 / x1 }
        if x2 > 0 { return y2 / x2 }
        return nil
    }

    /// The slope of the line that extends the curve above x = 1.
    ///
    /// The line goes from P2, else from P1, to (1, 1); nil when both have x = 1 (the
    /// output stays 1).
    private var endTangent: Double? {
        if x2 < 1 { return (1 - y2) / (1 - x2) }
        if x1 < 1 { return (1 - y1) / (1 - x1) }
        return nil
    }
}
