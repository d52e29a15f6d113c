/// Number formatting for `JSONByteWriter`: no `String` is created for integers or for
/// doubles with up to 15 significant digits.
extension JSONByteWriter {
    /// "00" "01" … "99": two digits per division by 100.
    static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324\
        25262728293031323334353637383940414243444546474849\
        50515253545556575859606162636465666768697071727374\
        75767778798081828384858687888990919293949596979899
        """

    /// Appends the decimal digits of an integer.
    @usableFromInline
    mutating func appendInteger(_ value: Int64) {
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, fractionDigits: 0)
    }

    /// The number of decimal digits of `value` (1 for 0): an estimate from the bit
    /// length (bits × log10 2), corrected by one comparison.
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        let bits = 64 - (value | 1).leadingZeroBitCount
        let estimate = (bits &* 1233) >> 12
        return estimate + (value >= powerOfTen(estimate) ? 1 : 0)
    }

    /// 10^exponent as an integer, for 0 <= exponent <= 19.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// Appends `magnitude` in decimal; with `fractionDigits` > 0, a `.` goes before
    /// the last `fractionDigits` digits (padded with zeros: 2, 2 -> `0.02`).
    mutating func appendDigits(_ magnitude: UInt64, fractionDigits: Int) {
        if magnitude < 10 && fractionDigits == 0 {
            appendByte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        let digits = max(Self.digitCount(magnitude), fractionDigits + 1)
        let length = fractionDigits > 0 ? digits + 1 : digits
        reserve(length)
        // Digits right-aligned in the reserved room, two at a time.
        let pairs = Self.digitPairs.utf8Start
        var remaining = magnitude
        var index = count + length
        let firstDigit = index - digits
        while index - firstDigit >= 2 {
            let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
            remaining /= 100
            index -= 2
            base[index] = pairs[pair]
            base[index + 1] = pairs[pair + 1]
        }
        if index > firstDigit {
            base[firstDigit] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
        }
        if fractionDigits > 0 {
            // Move the integer part one byte left and put the point after it.
            let integerDigits = digits - fractionDigits
            for offset in 0..<integerDigits {
                base[count + offset] = base[count + offset + 1]
            }
            base[count + integerDigits] = UInt8(ascii: ".")
        }
        count += length
    }

    /// Appends the shortest decimal text that parses back to exactly `value`.
    ///
    /// Three paths, cheapest first:
    /// 1. Integral values below 2^53 are written as integers (`2.0` -> `2`, `-0.0` ->
    ///    `-0`).
    /// 2. For 10^-7 <= |value| < 10^15: with E = floor(log10 |value|) and k = 14 - E,
    ///    N = round(|value| · 10^k) < 10^15 and N / 10^k == |value| (one correctly
    ///    rounded division of exact operands, which is what a correct parser
    ///    computes) mean that N·10^-k, trailing zeros dropped, parses back to the
    ///    value. If any decimal of at most 15 significant digits parses back to the
    ///    value, this N is it: its distance to |value|·10^k is under 0.2, so the
    ///    rounding finds it. And such a decimal is the only one of its length or
    ///    shorter that does (decimals of at most 15 digits are further apart than a
    ///    double's rounding interval), so it is the shortest.
    /// 3. Otherwise the standard library's shortest round-trip formatter (Swift's
    ///    `description` algorithm) writes into the buffer through `TextOutputStream`,
    ///    e.g. `0.30000000000000004` or `1e+300`; a trailing `.0` is dropped.
    ///
    /// Non-finite values are written as `null`.
    @usableFromInline
    mutating func appendDouble(_ value: Double) {
        guard value.isFinite else {
            appendASCII("null")
            return
        }
        let magnitude = value.magnitude
        // Conversions instead of `rounded()`, which calls into libm.
        if magnitude < 9_007_199_254_740_992 {
            let integer = UInt64(magnitude)
            if Double(integer) == magnitude {
                if value.sign == .minus { appendByte(UInt8(ascii: "-")) }
                appendDigits(integer, fractionDigits: 0)
                return
            }
        }
        if magnitude < 1e15 && magnitude >= 1e-7 {
            let fractionDigits = 14 - Self.decimalExponent(magnitude)
            let power = exactPowerOfTen(fractionDigits)
            // Round half up; when a short decimal exists the product is within 0.2
            // of it, and whatever comes out is checked by the division below.
            let scaled = Double(UInt64(magnitude * power + 0.5))
            if scaled < 1e15 && scaled / power == magnitude {
                var mantissa = UInt64(scaled)
                var digits = fractionDigits
                while digits >= 4 && mantissa % 10_000 == 0 {
                    mantissa /= 10_000
                    digits -= 4
                }
                while digits > 0 && mantissa % 10 == 0 {
                    mantissa /= 10
                    digits -= 1
                }
                if value.sign == .minus { appendByte(UInt8(ascii: "-")) }
                appendDigits(mantissa, fractionDigits: digits)
                return
            }
        }
        appendShortestRoundTrip(value)
    }

    /// floor(log10 m) for 10^-7 <= m < 10^15 (exact at the integer boundaries; near
    /// the fractional ones an off-by-one only sends a value to the slow path).
    @inline(__always)
    static func decimalExponent(_ magnitude: Double) -> Int {
        if magnitude >= 1 { return digitCount(UInt64(magnitude)) - 1 }
        if magnitude >= 1e-1 { return -1 }
        if magnitude >= 1e-2 { return -2 }
        if magnitude >= 1e-3 { return -3 }
        if magnitude >= 1e-4 { return -4 }
        if magnitude >= 1e-5 { return -5 }
        if magnitude >= 1e-6 { return -6 }
        return -7
    }

    /// Appends the standard library's shortest round-trip text for a finite double.
    mutating func appendShortestRoundTrip(_ value: Double) {
        reserve(32)
        var sink = ASCIIPointerSink(start: base + count, capacity: capacity - count)
        value.write(to: &sink)
        var written = sink.written
        if written >= 2 && base[count + written - 1] == UInt8(ascii: "0")
            && base[count + written - 2] == UInt8(ascii: ".")
        {
            written -= 2
        }
        count += written
    }
}

/// A `TextOutputStream` that takes ASCII output into reserved memory without creating
/// a `String`, so `Double.write(to:)` lands directly in the writer's buffer.
struct ASCIIPointerSink: TextOutputStream {
    let start: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var written = 0

    init(start: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.start = start
        self.capacity = capacity
    }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress else { return }
        let length = min(buffer.count, capacity - written)
        (start + written).update(from: source, count: length)
        written += length
    }
}
