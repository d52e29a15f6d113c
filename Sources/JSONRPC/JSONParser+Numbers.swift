/// Number parsing: exact integers, correctly rounded doubles.
extension JSONParserCursor {
    /// Parses a number starting at `position` (a `-` or a digit).
    ///
    /// The grammar is checked first; the value then comes from the collected decimal
    /// digits: an integer literal that fits is exact; with at most 19 significant
    /// digits, a mantissa up to 2^53 and a decimal exponent within ±22, one exact
    /// multiplication or division gives the correctly rounded double (Clinger's fast
    /// path); anything else goes through a correctly rounded conversion of the text
    /// (`Double(decimalText:)`).
    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < end else {
            throw JSONParseError(.invalidNumber, at: index)
        }

        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        var mantissaIsExact = true
        var isIntegerLiteral = true

        // Integer part: "0" alone or a non-zero digit followed by digits.
        let first = bytes[index]
        if first == UInt8(ascii: "0") {
            index += 1
            if index < end && bytes[index] &- UInt8(ascii: "0") < 10 {
                throw JSONParseError(.invalidNumber, at: start)
            }
        } else if first &- UInt8(ascii: "1") < 9 {
            while index < end {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                } else {
                    decimalExponent += 1
                    if digit != 0 { mantissaIsExact = false }
                }
                index += 1
            }
        } else {
            throw JSONParseError(.invalidNumber, at: index)
        }

        // Fraction.
        if index < end && bytes[index] == UInt8(ascii: ".") {
            isIntegerLiteral = false
            index += 1
            guard index < end, bytes[index] &- UInt8(ascii: "0") < 10 else {
                throw JSONParseError(.invalidNumber, at: index)
            }
            while index < end {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if mantissa == 0 && digit == 0 {
                    decimalExponent -= 1
                } else if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                    decimalExponent -= 1
                } else if digit != 0 {
                    mantissaIsExact = false
                }
                index += 1
            }
        }

        // Exponent.
        if index < end && bytes[index] | 0x20 == UInt8(ascii: "e") {
            isIntegerLiteral = false
            index += 1
            var exponentIsNegative = false
            if index < end
                && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"))
            {
                exponentIsNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < end, bytes[index] &- UInt8(ascii: "0") < 10 else {
                throw JSONParseError(.invalidNumber, at: index)
            }
            var exponent = 0
            while index < end {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(digit) }
                index += 1
            }
            decimalExponent += exponentIsNegative ? -exponent : exponent
        }
        position = index

        if isIntegerLiteral && decimalExponent == 0 {
            if negative {
                if mantissa == 0 { return .double(-0.0) }
                if mantissa <= UInt64(Int64.max) + 1 {
                    return .integer(Int64(bitPattern: 0 &- mantissa))
                }
            } else if mantissa <= UInt64(Int64.max) {
                return .integer(Int64(mantissa))
            }
        }

        if mantissaIsExact && mantissa <= 1 << 53 && decimalExponent >= -22 && decimalExponent <= 22
        {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= exactPowerOfTen(-decimalExponent)
            } else {
                value *= exactPowerOfTen(decimalExponent)
            }
            return .double(negative ? -value : value)
        }

        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(decimalText: text), value.isFinite else {
            throw JSONParseError(.numberOutOfRange, at: start)
        }
        return .double(value)
    }
}
