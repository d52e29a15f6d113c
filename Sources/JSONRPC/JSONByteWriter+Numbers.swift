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

    /// The number of decimal digits of `value` (1 for 0).
    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var threshold: UInt64 = 10
        while count < 20 && value >= threshold {
            count += 1
            threshold = threshold &* 10
        }
        return count
    }

    /// Appends `magnitude` in decimal; with `fractionDigits` > 0, a `.` goes before
    /// the last `fractionDigits` digits (padded with zeros: 2, 2 -> `0.02`).
    mutating func appendDigits(_ magnitude: UInt64, fractionDigits: Int) {
        if magnitude < 10 && fractionDigits == 0 {
            appendByte(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude))
            return
        }
        let digits = max(Self.digitCount(magnitude), fractionDigits + 1)
        let length = fractionDigits > 0 ? digits + 1 : digits
        reserve(length)
        let pairs = Self.digitPairs.utf8Start
        var remaining = magnitude
        var index = count + length
        if fractionDigits > 0 {
            for _ in 0..<fractionDigits {
                index -= 1
                base[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
            index -= 1
            base[index] = UInt8(ascii: ".")
        }
        while index - count >= 2 {
            let pair = Int(remaining % 100) &* 2
            remaining /= 100
            index -= 2
            base[index] = pairs[pair]
            base[index + 1] = pairs[pair + 1]
        }
        if index > count {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
        }
        count += length
    }

    /// Appends the shortest decimal text that parses back to exactly `value`.
    ///
    /// Three paths, cheapest first:
    /// 1. Integral values below 2^53 are written as integers (`2.0` -> `2`, `-0.0` ->
    ///    `-0`).
    /// 2. If `value * 10^k` is an integer m < 10^15 for some k <= 22, and m / 10^k
    ///    (one correctly rounded division of exact operands, i.e. exactly what a
    ///    correct parser computes) gives back `value`, then m·10^-k is written. A
    ///    decimal of at most 15 significant digits that rounds to a double is the
    ///    only one of that length or shorter that does (such decimals are further
    ///    apart than the double's rounding interval), so this is the shortest form.
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
        if magnitude < 9_007_199_254_740_992 && magnitude == magnitude.rounded(.towardZero) {
            if value.sign == .minus { appendByte(UInt8(ascii: "-")) }
            appendDigits(UInt64(magnitude), fractionDigits: 0)
            return
        }
        if magnitude < 1e15 && magnitude >= 1e-7 {
            var exponent = 1
            var power = 1.0
            while exponent <= 22 {
                power *= 10  // exact: every power of ten up to 10^22 is a double
                let scaled = magnitude * power
                if scaled >= 1e15 { break }
                if scaled == scaled.rounded(.towardZero) {
                    if scaled / power == magnitude {
                        var mantissa = UInt64(scaled)
                        var fractionDigits = exponent
                        while fractionDigits > 1 && mantissa % 10 == 0 {
                            mantissa /= 10
                            fractionDigits -= 1
                        }
                        if value.sign == .minus { appendByte(UInt8(ascii: "-")) }
                        appendDigits(mantissa, fractionDigits: fractionDigits)
                        return
                    }
                    break
                }
                exponent += 1
            }
        }
        appendShortestRoundTrip(value)
    }

    /// Appends the standard library's shortest round-trip text for a finite double.
    mutating func appendShortestRoundTrip(_ value: Double) {
        reserve(32)
        var sink = ASCIIPointerSink(start: base + count, capacity: capacity - count)
        value.write(to: &sink)
        var written = sink.written
        if written >= 2 && base[count + written - 1] == UInt8(ascii: "0") && base[count + written - 2] == UInt8(ascii: ".") {
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
        for byte in string.utf8 where written < capacity {
            start[written] = byte
            written += 1
        }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        for byte in buffer where written < capacity {
            start[written] = byte
            written += 1
        }
    }
}
