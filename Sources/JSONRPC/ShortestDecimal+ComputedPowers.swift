extension ShortestDecimal {
    /// `powerOfTenSignificands` computed: 10^e exactly for e >= 0 (multiplying by 10),
    /// and floor(2^m / 10^k) for k = -e > 0 (dividing 2^m by 10, k times: floor
    /// divisions compose), each cut to its top 128 bits and rounded up. The module uses
    /// it in place of the table; a test checks that the two agree.
    static func computedPowerOfTenSignificands() -> [UInt64] {
        let first = minPowerOfTenExponent
        var table = [UInt64](repeating: 0, count: 2 * (maxPowerOfTenExponent - first + 1))
        func store(_ e: Int, _ g: (high: UInt64, low: UInt64)) {
            table[2 * (e - first)] = g.high
            table[2 * (e - first) + 1] = g.low
        }
        var power = Natural(1)
        for e in 0...maxPowerOfTenExponent {
            if e > 0 { power.multiply(by: 10) }
            // g = ceil(10^e · 2^(127 - r)) with r = floor(log2 10^e).
            let r = (e &* 1_741_647) >> 19
            store(e, power.top128(from: r - 127, roundingUp: true))
        }
        // 2^m exceeds 2^127 · 10^k for every k in the table.
        let m = 1_100
        var quotient = Natural(powerOfTwo: m)
        for k in 1...(-first) {
            quotient.divide(by: 10)
            // g = ceil(2^(127 + b) / 10^k) with b the bit length of 10^k: the floor,
            // plus one, as 10^k (a multiple of 5) never divides a power of two.
            let b = -((-k &* 1_741_647) >> 19)
            let g = quotient.top128(from: m - 127 - b, roundingUp: false)
            let (low, carry) = g.low.addingReportingOverflow(1)
            store(-k, (g.high &+ (carry ? 1 : 0), low))
        }
        return table
    }

    /// A natural number of any size, as 32-bit words, least significant first.
    private struct Natural {
        var words: [UInt32]

        init(_ value: UInt32) { words = [value] }

        init(powerOfTwo n: Int) {
            words = [UInt32](repeating: 0, count: n / 32 + 1)
            words[n / 32] = 1 << UInt32(n % 32)
        }

        mutating func multiply(by factor: UInt32) {
            var carry: UInt64 = 0
            for i in words.indices {
                let product = UInt64(words[i]) * UInt64(factor) + carry
                words[i] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            if carry != 0 { words.append(UInt32(carry)) }
        }

        mutating func divide(by divisor: UInt32) {
            var remainder: UInt64 = 0
            for i in words.indices.reversed() {
                let dividend = remainder << 32 | UInt64(words[i])
                words[i] = UInt32(dividend / UInt64(divisor))
                remainder = dividend % UInt64(divisor)
            }
        }

        func bit(_ position: Int) -> UInt64 {
            guard position >= 0, position / 32 < words.count else { return 0 }
            return UInt64(words[position / 32] >> UInt32(position % 32) & 1)
        }

        /// floor(self / 2^shift) as 128 bits (self · 2^-shift when shift is negative,
        /// which must fit), plus one when `roundingUp` and bits below `shift` are set.
        func top128(from shift: Int, roundingUp: Bool) -> (high: UInt64, low: UInt64) {
            var high: UInt64 = 0
            var low: UInt64 = 0
            for i in 0..<64 {
                low |= bit(shift + i) << UInt64(i)
                high |= bit(shift + 64 + i) << UInt64(i)
            }
            guard roundingUp, shift > 0, (0..<shift).contains(where: { bit($0) != 0 }) else {
                return (high, low)
            }
            let (sum, carry) = low.addingReportingOverflow(1)
            return (high &+ (carry ? 1 : 0), sum)
        }
    }
}
