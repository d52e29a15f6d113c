/// String parsing: escapes, surrogate pairs and UTF-8 validation.
extension JSONParserCursor {
    /// Parses a string whose opening quote is at `position`.
    ///
    /// Strings without escapes (the common case) become a `String` straight from the
    /// input slice; strings with escapes are decoded into `scratch` first.
    mutating func parseString() throws(JSONParseError) -> String {
        let start = position + 1
        var index = start
        var isASCII = true
        while index < end {
            if index + 8 <= end, let base = bytes.baseAddress {
                // Eight bytes at a time up to the first that is not plain ASCII text.
                let special = Self.nonPlainLanes(
                    UInt64(
                        littleEndian: UnsafeRawPointer(base + index).loadUnaligned(
                            as: UInt64.self)))
                if special == 0 {
                    index += 8
                    continue
                }
                index += special.trailingZeroBitCount >> 3
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                lastStringWasPlainASCII = isASCII
                if isASCII {
                    let span = start..<index
                    if stringsRepeat && MethodNameCache.lengths.contains(span.count) {
                        return methodNames.string(for: span, in: bytes)
                    }
                    return shortStrings.string(for: span, in: bytes)
                }
                return String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                lastStringWasPlainASCII = false
                return try parseEscapedString(start: start, firstEscape: index)
            }
            if byte < 0x20 {
                throw JSONParseError(.controlCharacterInString, at: index)
            }
            if byte < 0x80 {
                index += 1
            } else {
                isASCII = false
                index += try validateUTF8Sequence(at: index)
            }
        }
        throw JSONParseError(.unexpectedEndOfInput, at: end)
    }

    /// The high bit of the first byte of `word` (in memory order) that is a quote, a
    /// backslash, a control character or part of a UTF-8 sequence set, and maybe of bytes
    /// after it; none set when all eight are plain ASCII text.
    @inline(__always)
    static func nonPlainLanes(_ word: UInt64) -> UInt64 {
        let control = (word &- 0x2020_2020_2020_2020) & ~word
        return
            (zeroLanes(word ^ 0x2222_2222_2222_2222) | zeroLanes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
            | control | word) & 0x8080_8080_8080_8080
    }

    /// The high bit of the first zero byte of `word` (in memory order) set, and maybe of
    /// bytes after it.
    @inline(__always)
    static func zeroLanes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// Continues a string from its first backslash, decoding into `scratch`.
    mutating func parseEscapedString(start: Int, firstEscape: Int) throws(JSONParseError) -> String
    {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<firstEscape]))
        var index = firstEscape
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                index = try decodeEscape(at: index)
            } else if byte < 0x20 {
                throw JSONParseError(.controlCharacterInString, at: index)
            } else if byte < 0x80 {
                scratch.append(byte)
                index += 1
            } else {
                let length = try validateUTF8Sequence(at: index)
                scratch.append(
                    contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            }
        }
        throw JSONParseError(.unexpectedEndOfInput, at: end)
    }

    /// Decodes the escape whose backslash is at `index` into `scratch`.
    /// - Returns: The index just after the escape (after both halves of a pair).
    mutating func decodeEscape(at index: Int) throws(JSONParseError) -> Int {
        guard index + 1 < end else {
            throw JSONParseError(.unexpectedEndOfInput, at: end)
        }
        let decoded: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): decoded = 0x22
        case UInt8(ascii: "\\"): decoded = 0x5C
        case UInt8(ascii: "/"): decoded = 0x2F
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
            return try decodeUnicodeEscape(at: index)
        default:
            throw JSONParseError(.invalidEscape, at: index)
        }
        scratch.append(decoded)
        return index + 2
    }

    /// Decodes `\uXXXX` (and its low-surrogate partner, for a high surrogate).
    mutating func decodeUnicodeEscape(at index: Int) throws(JSONParseError) -> Int {
        let unit = try hexQuad(at: index + 2)
        var scalarValue = UInt32(unit)
        var next = index + 6
        if unit >= 0xD800 && unit <= 0xDBFF {
            guard next + 1 < end, bytes[next] == UInt8(ascii: "\\"),
                bytes[next + 1] == UInt8(ascii: "u")
            else {
                throw JSONParseError(.loneSurrogate, at: index)
            }
            let low = try hexQuad(at: next + 2)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw JSONParseError(.loneSurrogate, at: index)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        } else if unit >= 0xDC00 && unit <= 0xDFFF {
            throw JSONParseError(.loneSurrogate, at: index)
        }
        appendUTF8(scalarValue)
        return next
    }

    /// Reads four hex digits starting at `index`.
    func hexQuad(at index: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for offset in 0..<4 {
            guard index + offset < end else {
                throw JSONParseError(.unexpectedEndOfInput, at: end)
            }
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError(.invalidEscape, at: index + offset)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Appends the UTF-8 encoding of a scalar value (never a surrogate) to `scratch`.
    mutating func appendUTF8(_ value: UInt32) {
        switch value {
        case 0..<0x80:
            scratch.append(UInt8(value))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | value >> 6))
            scratch.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | value >> 12))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | value >> 18))
            scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// Checks the multi-byte UTF-8 sequence whose lead byte (>= 0x80) is at `index`.
    ///
    /// Follows the well-formed sequences of Unicode Table 3-7: no overlong forms, no
    /// encoded surrogates, nothing above U+10FFFF.
    /// - Returns: The sequence length, 2 to 4.
    func validateUTF8Sequence(at index: Int) throws(JSONParseError) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondLow: UInt8 = 0x80
        var secondHigh: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
        case 0xE0:
            length = 3
            secondLow = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
        case 0xED:
            length = 3
            secondHigh = 0x9F
        case 0xF0:
            length = 4
            secondLow = 0x90
        case 0xF1...0xF3:
            length = 4
        case 0xF4:
            length = 4
            secondHigh = 0x8F
        default:
            throw JSONParseError(.invalidUTF8, at: index)
        }
        for offset in 1..<length {
            guard index + offset < end else {
                throw JSONParseError(.invalidUTF8, at: index)
            }
            let byte = bytes[index + offset]
            let low = offset == 1 ? secondLow : 0x80
            let high = offset == 1 ? secondHigh : 0xBF
            guard byte >= low && byte <= high else {
                throw JSONParseError(.invalidUTF8, at: index)
            }
        }
        return length
    }
}
