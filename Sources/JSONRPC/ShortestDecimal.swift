/// The shortest decimal that parses back to a given double, by the Schubfach algorithm:
/// Raffaello Giulietti, "The Schubfach way to render doubles" (2020, revised 2022).
///
/// A double v = c · 2^q rounds back from every number in its rounding interval, the
/// points closer to v than to its neighbours (bounds included when c is even, as
/// round-half-even parsing then picks v). The answer is the decimal in that interval
/// with the fewest significant digits, and of those the closest to v.
///
/// Let k = floor(log10 width) for the interval's width (2^q, or 3/4 · 2^q below a
/// power of two). Then 10^k <= width < 10^(k+1): at least one multiple of 10^k lies
/// in the interval and at most one multiple of 10^(k+1) does. So the answer is that
/// multiple of 10^(k+1) if it exists, else the better of s · 10^k and (s + 1) · 10^k
/// with s = floor(v / 10^k). Deciding which of these lie inside takes v and the bounds
/// times 10^-k; Schubfach computes them with one 128-bit approximation of 10^-k,
/// rounded to odd (floor, lowest bit set when inexact): the paper proves this keeps
/// every comparison with an even integer exact, which is all the choice needs.
enum ShortestDecimal {
    /// The decimal `significand · 10^exponent` with the fewest significant digits that
    /// parses back to `value`; among those, the closest to `value` (ties go to an
    /// even last digit). The significand has no trailing zeros, so it has at most 17
    /// digits.
    ///
    /// - Precondition: `value` is finite and greater than zero.
    static func of(_ value: Double) -> (significand: UInt64, exponent: Int) {
        // value = c · 2^q.
        let fraction = value.significandBitPattern
        let biasedExponent = Int(truncatingIfNeeded: value.exponentBitPattern)
        let c: UInt64
        let q: Int
        if biasedExponent != 0 {
            c = fraction | (1 << 52)
            q = biasedExponent - 1075
        } else {
            c = fraction  // subnormal
            q = -1074
        }
        let boundsIncluded = c & 1 == 0
        // At a power of two the double below is half as far as the one above.
        let lowerGapIsHalf = fraction == 0 && biasedExponent > 1

        // The value in units of 2^(q-2); the interval's bounds are 1 or 2 units below
        // it (1 at a power of two) and 2 above.
        let value4 = 4 &* c

        // k = floor(log10 2^q), or floor(log10 (3/4 · 2^q)): fixed-point logarithms,
        // exact over the whole exponent range.
        let k = (q &* 1_262_611 &- (lowerGapIsHalf ? 524_031 : 0)) >> 22
        // 10^-k = g · 2^(r - 127) with r = floor(log2 10^-k); shifting the multiplicand
        // left by h = q + r + 1 (1...4) makes the top 64 bits of g · x · 2^h, i.e. of
        // the 192-bit product over 2^128, equal x · 2^q · 10^-k.
        let r = (-k &* 1_741_647) >> 19
        let h = UInt64(truncatingIfNeeded: q &+ r &+ 1)
        let index = 2 &* (-k &- minPowerOfTenExponent)
        let gHigh = powerOfTenSignificands[index]
        let gLow = powerOfTenSignificands[index &+ 1]

        // v, and the bounds, times 4 · 10^-k. Open bounds move inward by one unit:
        // rounded to odd, "bound < an even integer" is "bound + 1 <= it". The bounds
        // differ from v by 1 or 2 units of 2^(q-2), so their products are v's plus or
        // minus g shifted: one 192-bit multiplication serves all three (two 64-bit
        // halves each), not three.
        let product = Product192(gHigh, gLow, times: value4 &<< h)
        let scaled = product.roundedToOdd
        let lower =
            product.minus(gHigh, gLow, shiftedBy: h &+ (lowerGapIsHalf ? 0 : 1)).roundedToOdd
            &+ (boundsIncluded ? 0 : 1)
        let upper =
            product.plus(gHigh, gLow, shiftedBy: h &+ 1).roundedToOdd &- (boundsIncluded ? 0 : 1)

        let s = scaled >> 2  // floor(v · 10^-k)

        // At 10^(k+1): the one multiple that may lie inside, below v or above it.
        // Only worth it when s has two digits or more; else s · 10^k is as short.
        let tens = s / 10
        let tensBelowInside: UInt64 = lower <= tens &* 40 ? 1 : 0
        let tensAboveInside: UInt64 = tens &* 40 &+ 40 <= upper ? 1 : 0
        let useTens: UInt64 = (s >= 10 ? 1 : 0) & (tensBelowInside | tensAboveInside)

        // At 10^k: s or s + 1, at least one inside; if both are, the closer one (at
        // an exact tie the even one: past the midpoint 4s + 2, or on it with s odd).
        let belowInside: UInt64 = lower <= s &* 4 ? 1 : 0
        let aboveInside: UInt64 = s &* 4 &+ 4 <= upper ? 1 : 0
        let aboveIsCloser: UInt64 = scaled &+ (s & 1) > s &* 4 &+ 2 ? 1 : 0
        let above = aboveInside & ((belowInside ^ 1) | aboveIsCloser)

        // Which of these applies depends on digits far down, which a branch
        // predictor cannot guess: 0/1 arithmetic and a mask instead of branches.
        let tensMask = 0 &- useTens
        let significand = (tens &+ (tensBelowInside ^ 1)) & tensMask | (s &+ above) & ~tensMask
        return withoutTrailingZeros(significand, exponent: k &+ Int(truncatingIfNeeded: useTens))
    }

    /// A 192-bit product g · x of the 128-bit g = (high, low) and a 64-bit x, as three
    /// words, most significant first.
    struct Product192 {
        var top: UInt64
        var middle: UInt64
        var bottom: UInt64

        @inline(__always)
        init(_ high: UInt64, _ low: UInt64, times x: UInt64) {
            let lowProduct = fullProduct(low, x)
            let highProduct = fullProduct(high, x)
            let (middle, carry) = highProduct.low.addingReportingOverflow(lowProduct.high)
            top = highProduct.high &+ (carry ? 1 : 0)
            self.middle = middle
            bottom = lowProduct.low
        }

        /// floor(g · x / 2^128) with the lowest bit set when the exact quotient is not
        /// an integer (rounding to odd). As g is 10^-k scaled and rounded up, g · x
        /// exceeds the exact product by less than x < 2^64, under one unit of the middle
        /// 64 bits; the paper's analysis shows that a quotient that is not an integer
        /// stays much further than that from one. So the middle bits are zero exactly
        /// when the quotient is an integer, and the lowest 64 bits are not needed.
        @inline(__always)
        var roundedToOdd: UInt64 { top | (middle != 0 ? 1 : 0) }

        /// g · (x + 2^shift): this product plus g shifted left by `shift` (1 to 63).
        @inline(__always)
        func plus(_ high: UInt64, _ low: UInt64, shiftedBy shift: UInt64) -> Product192 {
            let (b, c0) = bottom.addingReportingOverflow(low &<< shift)
            let (m1, c1) = middle.addingReportingOverflow(
                high &<< shift | low &>> (64 &- shift))
            let (m, c2) = m1.addingReportingOverflow(c0 ? 1 : 0)
            let t = top &+ high &>> (64 &- shift) &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
            return Product192(top: t, middle: m, bottom: b)
        }

        /// g · (x - 2^shift): this product minus g shifted left by `shift` (1 to 63).
        @inline(__always)
        func minus(_ high: UInt64, _ low: UInt64, shiftedBy shift: UInt64) -> Product192 {
            let (b, b0) = bottom.subtractingReportingOverflow(low &<< shift)
            let (m1, b1) = middle.subtractingReportingOverflow(
                high &<< shift | low &>> (64 &- shift))
            let (m, b2) = m1.subtractingReportingOverflow(b0 ? 1 : 0)
            let t = top &- high &>> (64 &- shift) &- (b1 ? 1 : 0) &- (b2 ? 1 : 0)
            return Product192(top: t, middle: m, bottom: b)
        }

        private init(top: UInt64, middle: UInt64, bottom: UInt64) {
            self.top = top
            self.middle = middle
            self.bottom = bottom
        }
    }

    /// The same decimal with the zeros at the end of the significand moved into the
    /// exponent: 16, 8, 4, 2 then 1 at a time (up to 31), so that a short decimal
    /// such as 0.5, found as 5000000000000000 · 10^-16, costs five steps, not 15.
    @inline(__always)
    private static func withoutTrailingZeros(_ significand: UInt64, exponent: Int)
        -> (significand: UInt64, exponent: Int)
    {
        // Most doubles need all 16 or 17 digits: one test for them.
        if significand % 10 != 0 { return (significand, exponent) }
        var significand = significand
        var exponent = exponent
        if significand % 10_000_000_000_000_000 == 0 {
            significand /= 10_000_000_000_000_000
            exponent &+= 16
        }
        if significand % 100_000_000 == 0 {
            significand /= 100_000_000
            exponent &+= 8
        }
        if significand % 10_000 == 0 {
            significand /= 10_000
            exponent &+= 4
        }
        if significand % 100 == 0 {
            significand /= 100
            exponent &+= 2
        }
        if significand % 10 == 0 {
            significand /= 10
            exponent &+= 1
        }
        return (significand, exponent)
    }
}
