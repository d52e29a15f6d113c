/// Number formatting for `JSONByteWriter`: digits go straight into the buffer, eight
/// at a time, and no `String` is created.
extension JSONByteWriter {
    /// "00" "01" … "99", for exponents.
    static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324\
        25262728293031323334353637383940414243444546474849\
        50515253545556575859606162636465666768697071727374\
        75767778798081828384858687888990919293949596979899
        """

    /// Appends the decimal digits of an integer. A single digit, the most common
    /// integer in a tick's columns (kind, section, zIndex, state), is written inline.
    @inlinable @inline(__always)
    mutating func appendInteger(_ value: Int64) {
        if UInt64(bitPattern: value) < 10 {
            appendByte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
        } else {
            appendLongerInteger(value)
        }
    }

    @usableFromInline
    mutating func appendLongerInteger(_ value: Int64) {
        if value < 0 { appendByte(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
    }

    /// The number of decimal digits of `value` (0 for 0): an estimate from the bit
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
        // A table rather than a `switch`: the jump it compiles to is mispredicted
        // whenever the digit count changes from one number to the next.
        powersOfTen[exponent]
    }

    /// 10^0 ... 10^19.
    static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
        1_000_000_000, 10_000_000_000, 100_000_000_000, 1_000_000_000_000,
        10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
        10_000_000_000_000_000_000,
    ]

    /// Appends `magnitude` in decimal.
    mutating func appendDigits(_ magnitude: UInt64) {
        if magnitude < 10 {
            appendByte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        let digits = Self.digitCount(magnitude)
        reserve(digits + 8)  // 8: `storeDigits` writes whole words
        Self.storeDigits(magnitude, count: digits, at: base + count)
        count += digits
    }

    /// The 8 decimal digits of `value` < 10^8 (with leading zeros) as ASCII, the first
    /// digit in the lowest byte, so that a little-endian store writes them in order.
    ///
    /// The digits come out in parallel lanes of one 64-bit word (SWAR): two 4-digit
    /// halves in 32-bit lanes, each split into two 2-digit numbers in 16-bit lanes,
    /// each split into two digits in 8-bit lanes. Division by 100 and by 10 is a
    /// multiplication and a shift (exact for these ranges), and each lane's quotient
    /// is masked so that bits shifted in from the lane above drop out.
    @inline(__always)
    static func eightDigitsASCII(_ value: UInt32) -> UInt64 {
        let high = value / 10_000
        let fours = UInt64(high) | UInt64(value &- high &* 10_000) << 32
        let hundreds = ((fours &* 10_486) >> 20) & 0x0000_007F_0000_007F  // x / 100, x < 10^4
        let pairs = hundreds | (fours &- hundreds &* 100) << 16
        let tens = ((pairs &* 103) >> 10) & 0x000F_000F_000F_000F  // x / 10, x < 100
        let singles = tens | (pairs &- tens &* 10) << 8
        return singles | 0x3030_3030_3030_3030
    }

    /// Stores the last `digitCount` (1...20) decimal digits of `value`, with leading
    /// zeros when it has fewer, at `destination`. Writes in whole 8-byte words: up to
    /// 7 bytes past the digits are overwritten, so the caller reserves 8 extra.
    @inline(__always)
    static func storeDigits(
        _ value: UInt64, count digitCount: Int, at destination: UnsafeMutablePointer<UInt8>
    ) {
        let position = UnsafeMutableRawPointer(destination)
        if digitCount <= 8 {
            storeDigitWord(UInt32(truncatingIfNeeded: value), count: digitCount, at: position)
        } else if digitCount <= 16 {
            let high = value / 100_000_000
            let low = value &- high &* 100_000_000
            storeDigitWord(UInt32(truncatingIfNeeded: high), count: digitCount &- 8, at: position)
            storeDigitWord(
                UInt32(truncatingIfNeeded: low), count: 8, at: position + (digitCount &- 8))
        } else {
            let top = value / 10_000_000_000_000_000
            let below = value &- top &* 10_000_000_000_000_000
            let middle = below / 100_000_000
            let low = below &- middle &* 100_000_000
            let middleStart = position + (digitCount &- 16)
            storeDigitWord(UInt32(truncatingIfNeeded: top), count: digitCount &- 16, at: position)
            storeDigitWord(UInt32(truncatingIfNeeded: middle), count: 8, at: middleStart)
            storeDigitWord(UInt32(truncatingIfNeeded: low), count: 8, at: middleStart + 8)
        }
    }

    /// Stores the last `digitCount` (1...8) digits of `value` < 10^8 as one word.
    @inline(__always)
    private static func storeDigitWord(
        _ value: UInt32, count digitCount: Int, at destination: UnsafeMutableRawPointer
    ) {
        let word = eightDigitsASCII(value) &>> (UInt64(truncatingIfNeeded: 8 &- digitCount) &* 8)
        destination.storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    /// Appends the shortest decimal text that parses back to exactly `value`.
    ///
    /// Integral values below 2^53 are written as integers (`2.0` -> `2`, `-0.0` ->
    /// `-0`): a conversion and a comparison find them. Other finite values take
    /// `convertShortestRoundTrip`. Non-finite values are written as `null`.
    ///
    /// A value met recently is copied from its text before any of that: a tick repeats
    /// most of its values, and a hit costs a hash and three words copied, not the
    /// floating-point conversions (and their mispredicted branches) of the tests.
    @inlinable
    mutating func appendDouble(_ value: Double) {
        // The longest text is 24 bytes (`-1.2345678901234567e-308`); digit stores may
        // write 7 more.
        reserve(40)
        count = appendReserved(value, places: -1, at: base + count) - base
    }

    /// `appendDouble` for a value not among the recent ones, with room for 40 bytes
    /// reserved: converts it, and remembers its text once a document has more than
    /// eight doubles (a short one does not pay for the memory).
    @usableFromInline
    mutating func convertDouble(_ value: Double) {
        guard value.isFinite else {
            appendASCII("null")
            return
        }
        if recentDoubles == nil {
            conversions &+= 1
            if conversions > 8 { recentDoubles = RecentDoubles() }
        }
        let start = count
        let magnitude = value.magnitude
        // Conversions instead of `rounded()`, which calls into libm; through Int64,
        // which converts both ways in one instruction (UInt64 takes about ten).
        if magnitude < 9_007_199_254_740_992, Double(Int64(magnitude)) == magnitude {
            if value.sign == .minus { appendByte(UInt8(ascii: "-")) }
            appendDigits(UInt64(truncatingIfNeeded: Int64(magnitude)))
        } else {
            convertShortestRoundTrip(value)
        }
        recentDoubles?.remember(value.bitPattern, text: base + start, length: count - start)
    }

    /// Appends the shortest round-trip text of a finite double (room for 40 bytes is
    /// reserved), with the digits of `ShortestDecimal`, in the form of Swift's
    /// `description` without its trailing `.0`: plain decimals from 10^-4 up to 2^53
    /// (`0.0001234`, `123.45678901234567`, `9007199254740992`), exponential form outside that range with at least two
    /// exponent digits (`1.234e-05`, `1e+16`, `5e-324`, `1.7976931348623157e+308`).
    ///
    /// One exception to that form, which the writer has always made: from 10^-7 up to
    /// 10^-4, values of at most 15 significant digits are plain decimals
    /// (`0.0000001`, where `description` has `1e-07`).
    @inline(__always)
    private mutating func convertShortestRoundTrip(_ value: Double) {
        var end = base + count
        if value.sign == .minus {
            end.pointee = UInt8(ascii: "-")
            end += 1
        }
        let magnitude = value.magnitude
        guard magnitude != 0 else {
            end.pointee = UInt8(ascii: "0")
            count = end + 1 - base
            return
        }
        let (significand, exponent) = ShortestDecimal.of(magnitude)
        let digits = Self.digitCount(significand)
        let scientificExponent = exponent &+ digits &- 1
        let plainBelowTenThousandth = scientificExponent >= -7 && digits <= 15
        if (scientificExponent < -4 && !plainBelowTenThousandth)
            || magnitude > 9_007_199_254_740_992
        {
            // "1.2345e-07", "1e+16": a point after the first digit unless it is alone.
            if digits == 1 {
                end.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: significand)
                end += 1
            } else {
                // The digits one byte to the right, the first moved back before the
                // point.
                Self.storeDigits(significand, count: digits, at: end + 1)
                end[0] = end[1]
                end[1] = UInt8(ascii: ".")
                end += digits &+ 1
            }
            end = Self.storeExponent(scientificExponent, at: end)
        } else if scientificExponent < 0 {
            // "0.000123": "0." and up to three zeros (six in the exception) before
            // the digits.
            let zeros = -scientificExponent &- 1
            UnsafeMutableRawPointer(end).storeBytes(
                of: UInt64(0x3030_3030_3030_2E30).littleEndian, as: UInt64.self)  // "0.000000"
            end += 2 &+ zeros
            Self.storeDigits(significand, count: digits, at: end)
            end += digits
        } else if exponent < 0 {
            // "123.45678901234567": the integer part is the double's own, as no integer
            // lies between the two (it would be a shorter decimal than the significand),
            // so the digits split around the point without a division.
            let integerPart = UInt64(truncatingIfNeeded: Int64(magnitude))  // below 2^53
            let integerDigits = scientificExponent &+ 1
            let fractionDigits = -exponent
            let fraction = significand &- integerPart &* Self.powerOfTen(fractionDigits)
            Self.storeDigits(integerPart, count: integerDigits, at: end)
            end[integerDigits] = UInt8(ascii: ".")
            end += integerDigits &+ 1
            Self.storeDigits(fraction, count: fractionDigits, at: end)
            end += fractionDigits
        } else {
            // "4350000000000000": the digits, then zeros; 16 digits at most below 2^53.
            Self.storeDigits(significand, count: digits, at: end)
            end += digits
            for _ in 0..<exponent {
                end.pointee = UInt8(ascii: "0")
                end += 1
            }
        }
        count = end - base
    }

    /// Stores `e`, the exponent's sign and at least two digits (`e-07`, `e+16`,
    /// `e+308`); returns the end.
    @inline(__always)
    private static func storeExponent(_ exponent: Int, at destination: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        var end = destination
        end[0] = UInt8(ascii: "e")
        end[1] = exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        end += 2
        var magnitude = Int(truncatingIfNeeded: exponent.magnitude)
        if magnitude >= 100 {
            end.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / 100)
            end += 1
            magnitude %= 100
        }
        let pairs = digitPairs.utf8Start
        end[0] = pairs[magnitude &* 2]
        end[1] = pairs[magnitude &* 2 &+ 1]
        return end + 2
    }
}
