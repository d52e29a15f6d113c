/// Doubles rounded to a number of decimal places: for clients that draw what they
/// read and gain nothing from 17 significant digits, a few decimals are shorter on
/// the wire and far cheaper to write than the shortest round-trip text.
extension JSONByteWriter {
    /// The most decimal places `write(_:decimals:)` takes.
    public static let maximumDecimals = 9

    /// Writes `value` rounded to `decimals` places (0...`maximumDecimals`), trailing
    /// zeros dropped (`12.5`, not `12.500`; `3`, not `3.000`); a negative `decimals`
    /// writes the shortest round-trip text. A value too large to scale exactly (|value|
    /// x 10^decimals at or above 2^53) is written in full; non-finite ones as `null`.
    @inlinable
    public mutating func write(_ value: Double, decimals: Int) {
        separate()
        // Room for the longest text and the words digit stores write past it.
        reserve(40)
        count = appendReserved(value, places: decimals, at: base + count) - base
        needsComma = true
    }

    /// `write(_:decimals:)` for a value not among the recent ones, with room for 40 bytes
    /// reserved: converts it, and remembers its text once a document has more than
    /// eight doubles.
    @usableFromInline
    mutating func convertFixed(_ value: Double, decimals: Int) {
        let start = count
        appendRounded(value, decimals: decimals)
        guard value.isFinite else { return }
        if recentFixed == nil {
            conversions &+= 1
            guard conversions > 8 else { return }
            recentFixed = RecentDoubles()
        }
        if fixedDecimals != decimals {
            recentFixed!.clear()
            fixedDecimals = decimals
        }
        // At most 18 bytes (a sign, 16 digits below 2^53 and a point), or a shortest
        // text (24): a slot holds them.
        recentFixed!.remember(value.bitPattern, text: base + start, length: count - start)
    }

    private mutating func appendRounded(_ value: Double, decimals: Int) {
        let scaled = value.magnitude * exactPowerOfTen(decimals)
        // NaN fails this comparison too and is written by appendDouble as null.
        guard scaled < 9_007_199_254_740_992 else {
            appendDouble(value)
            return
        }
        var mantissa = UInt64(truncatingIfNeeded: Int64(scaled + 0.5))  // below 2^53 + 1
        guard mantissa != 0 else {
            // No "-0": a value that rounds to zero is zero on screen.
            appendByte(UInt8(ascii: "0"))
            return
        }
        var digits = decimals
        while digits > 0 && mantissa % 10 == 0 {
            mantissa /= 10
            digits -= 1
        }
        if value.sign == .minus { appendByte(UInt8(ascii: "-")) }
        guard digits > 0 else {
            appendDigits(mantissa)
            return
        }
        let unit = Self.powerOfTen(digits)
        let integer = mantissa / unit
        appendDigits(integer)
        reserve(digits + 9)  // the point, then digit stores of whole words
        base[count] = UInt8(ascii: ".")
        Self.storeDigits(mantissa &- integer &* unit, count: digits, at: base + count + 1)
        count += digits + 1
    }
}
