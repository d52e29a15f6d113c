extension Spring {
    /// The longest settling duration reported, in seconds.
    ///
    /// Springs that never settle (damping 0) or settle later report this instead.
    public static let maximumSettlingDuration: Double = 60

    /// The first time after which |x(t)| <= epsilon and |v(t)| <= epsilon for good.
    ///
    /// `epsilon` is absolute, in the units of `x0`: for a transition's progress spring,
    /// whose displacement is measured in whole distances (x0 = 1), the default 1e-3 is
    /// a thousandth of the distance, and a thousandth of the distance per second.
    ///
    /// Exact up to bisection precision (1e-12 s), not an envelope estimate: the last
    /// time each of x and v exceeds epsilon is searched on the one interval where x
    /// (or v) is monotonic and crosses the threshold for the last time. Under-damped,
    /// the extrema of a solution are evenly spaced (pi / w apart) and shrink by the
    /// factor e^(-a pi / w) each, so the last extremum above epsilon is found by a
    /// logarithm; critically and over-damped, a solution has at most one extremum
    /// after t = 0, found in closed form, and the monotonic tail is bracketed by
    /// doubling.
    ///
    /// - Parameters:
    ///   - x0: The initial displacement from the target.
    ///   - v0: The initial velocity.
    ///   - epsilon: The threshold for |x| and |v|; must be > 0.
    /// - Returns: Seconds in [0, `maximumSettlingDuration`]; 0 when the spring starts
    ///   settled, or when its constants fail `isPhysical`; `maximumSettlingDuration`
    ///   when it never settles (damping 0, or epsilon <= 0) or settles later.
    /// - Complexity: O(1) evaluations of `state` plus O(log(1/precision)) for the
    ///   bisection: about 100 evaluations in all.
    public func settlingDuration(
        displacement x0: Double, velocity v0: Double, epsilon: Double = 1e-3
    ) -> Double {
        guard isPhysical, x0.isFinite, v0.isFinite, !epsilon.isNaN else { return 0 }
        guard epsilon > 0 else { return Spring.maximumSettlingDuration }
        let omega0 = naturalFrequency
        let a = dampingRatio * omega0
        // v is itself a solution of the equation, starting at (v0, a0).
        let a0 = -2 * a * v0 - omega0 * omega0 * x0
        let tx = lastExcursion(y0: x0, dy0: v0, threshold: epsilon)
        let tv = lastExcursion(y0: v0, dy0: a0, threshold: epsilon)
        return Swift.min(Swift.max(tx, tv), Spring.maximumSettlingDuration)
    }

    /// The first time after which |y| <= threshold for good.
    ///
    /// y is the solution with y(0) = y0, y'(0) = dy0. Returns `maximumSettlingDuration`
    /// if that time is later, or never comes.
    private func lastExcursion(y0: Double, dy0: Double, threshold: Double) -> Double {
        let cap = Spring.maximumSettlingDuration
        let omega0 = naturalFrequency
        let zeta = dampingRatio
        let a = zeta * omega0
        let ddy0 = -2 * a * dy0 - omega0 * omega0 * y0
        // y(t) and the coefficients of y'(t) = e^(-a t) (p C(t) + q S(t)).
        func y(_ t: Double) -> Double {
            let (c, s) = Spring.decayedBasis(a: a, omega0: omega0, zeta: zeta, t: t)
            return y0 * c + (dy0 + a * y0) * s
        }
        func exceeds(_ t: Double) -> Bool { abs(y(t)) > threshold }
        let p = dy0
        let q = ddy0 + a * dy0

        if zeta < 1 {
            let w = omega0 * (1 - zeta * zeta).squareRoot()
            // Zeros of p cos(wt) + (q/w) sin(wt) = R cos(wt - phi): wt = phi + pi/2 + k pi.
            var theta = atan2(q / w, p) + Double.pi / 2
            while theta < 0 { theta += Double.pi }
            while theta >= Double.pi { theta -= Double.pi }
            func extremum(_ k: Double) -> Double { (theta + k * Double.pi) / w }
            let peak = abs(y(extremum(0)))
            if peak > threshold {
                guard a > 0 else { return cap }
                // |y(t_k)| = peak e^(-a pi k / w) > threshold
                // iff k < log(peak / threshold) w / (a pi).
                var k = (log(peak / threshold) * w / (a * Double.pi)).rounded(.down)
                if extremum(k) >= cap { return cap }
                for _ in 0..<4 where k > 0 && !exceeds(extremum(k)) { k -= 1 }
                for _ in 0..<4 where exceeds(extremum(k + 1)) { k += 1 }
                return Spring.boundary(from: extremum(k), to: extremum(k + 1), exceeds)
            }
            if exceeds(0) { return Spring.boundary(from: 0, to: extremum(0), exceeds) }
            return 0
        }

        // At most one extremum after 0: p C(t) + q S(t) = 0.
        var turn: Double? = nil
        if p == 0 {
            turn = 0
        } else if q != 0 {
            if zeta == 1 {
                let t = -p / q
                if t > 0 { turn = t }
            } else {
                let w = omega0 * (zeta * zeta - 1).squareRoot()
                let u = -p * w / q
                if u > 0 && u < 1 { turn = atanh(u) / w }
            }
        }
        let tailStart = turn ?? 0
        if tailStart >= cap { return cap }
        if exceeds(tailStart) {
            var step = 1 / omega0
            var hi = tailStart + step
            while exceeds(hi) {
                step *= 2
                hi = tailStart + step
                if hi >= cap {
                    return exceeds(cap) ? cap : Spring.boundary(from: tailStart, to: cap, exceeds)
                }
            }
            return Spring.boundary(from: tailStart, to: hi, exceeds)
        }
        if let turn, exceeds(0) { return Spring.boundary(from: 0, to: turn, exceeds) }
        return 0
    }

    /// The point in [lo, hi] where `exceeds` turns false for good, by bisection.
    ///
    /// Requires `exceeds` to hold at lo and, on [lo, hi], to be true then false.
    /// Bisects to 1e-12 s and returns the false side, so that the spring is settled
    /// at the returned time.
    private static func boundary(
        from lo: Double, to hi: Double, _ exceeds: (Double) -> Bool
    ) -> Double {
        var lo = lo
        var hi = hi
        for _ in 0..<200 where hi - lo > 1e-12 * Swift.max(1, hi) {
            let mid = lo + (hi - lo) / 2
            if mid <= lo || mid >= hi { break }
            if exceeds(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}
