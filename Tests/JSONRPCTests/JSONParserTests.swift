import JSONRPC
import Testing

/// Parses UTF-8 text, for brevity.
private func parse(_ text: String, maximumDepth: Int = 128) throws(JSONParseError) -> JSONValue {
    try JSONParser(maximumDepth: maximumDepth).parse(text)
}

/// The error a text gives, or nil if it parses.
private func failure(_ bytes: [UInt8], maximumDepth: Int = 128) -> JSONParseError? {
    do {
        _ = try JSONParser(maximumDepth: maximumDepth).parse(bytes)
        return nil
    } catch {
        return error
    }
}

private func failure(_ text: String) -> JSONParseError? {
    failure(Array(text.utf8))
}

struct JSONParserTests {
    @Test func scalars() throws {
        #expect(try parse("null") == .null)
        #expect(try parse(" true ") == .bool(true))
        #expect(try parse("\tfalse\r\n") == .bool(false))
        #expect(try parse("\"hi\"") == .string("hi"))
    }

    @Test func integersStayExact() throws {
        #expect(try parse("0") == .integer(0))
        #expect(try parse("-17") == .integer(-17))
        guard case .integer(let max) = try parse("9223372036854775807") else {
            Issue.record("not an integer")
            return
        }
        #expect(max == Int64.max)
        guard case .integer(let min) = try parse("-9223372036854775808") else {
            Issue.record("not an integer")
            return
        }
        #expect(min == Int64.min)
        guard case .integer(let big) = try parse("9007199254740993") else {
            Issue.record("not an integer")
            return
        }
        #expect(big == 9_007_199_254_740_993)
    }

    @Test func integersBeyondInt64BecomeDoubles() throws {
        guard case .double(let value) = try parse("9223372036854775808") else {
            Issue.record("not a double")
            return
        }
        #expect(value == 9_223_372_036_854_775_808.0)
        guard case .double(let long) = try parse("123456789012345678901234567890") else {
            Issue.record("not a double")
            return
        }
        #expect(long == 1.2345678901234568e29)
    }

    @Test func negativeZeroKeepsItsSign() throws {
        guard case .double(let zero) = try parse("-0") else {
            Issue.record("not a double")
            return
        }
        #expect(zero == 0 && zero.sign == .minus)
        guard case .double(let zeroPointZero) = try parse("-0.0") else {
            Issue.record("not a double")
            return
        }
        #expect(zeroPointZero.sign == .minus)
    }

    @Test func doublesAreCorrectlyRounded() throws {
        let cases: [(String, Double)] = [
            ("0.1", 0.1),
            ("48.125", 48.125),
            ("1e22", 1e22),
            ("1e23", 1e23),
            ("1E+2", 100),
            ("1e-2", 0.01),
            ("2.2250738585072011e-308", Double(bitPattern: 0x000F_FFFF_FFFF_FFFF)),
            ("2.2250738585072014e-308", Double.leastNormalMagnitude),
            ("4.9e-324", Double.leastNonzeroMagnitude),
            ("1.7976931348623157e308", 1.7976931348623157e308),
            ("9007199254740993.0", 9_007_199_254_740_992),  // ties to even
            ("9007199254740995.0", 9_007_199_254_740_996),
            ("0.30000000000000004", 0.30000000000000004),
            ("123456789012345678901234567890e-20", 1234567890.1234567),
            ("1e-400", 0),
            ("0.000000000000000000000000000000000000000000001", 1e-45),
            ("7.0e-10", 7e-10),
        ]
        for (text, expected) in cases {
            guard case .double(let value) = try parse(text) else {
                Issue.record("\(text) is not a double")
                continue
            }
            #expect(value.bitPattern == expected.bitPattern, "\(text) -> \(value)")
        }
    }

    @Test func numbersTooLargeAreErrors() {
        #expect(failure("1e400") == JSONParseError(.numberOutOfRange, at: 0))
        #expect(failure("[-1.5e999]") == JSONParseError(.numberOutOfRange, at: 1))
    }

    @Test func duplicateKeysLastWinsAtFirstPosition() throws {
        let value = try parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == .integer(3))
    }

    @Test func largeObjectsWithDuplicates() throws {
        var text = "{"
        for index in 0..<100 { text += "\"k\(index)\":\(index)," }
        text += "\"k5\":\"again\"}"
        let object = try #require(try parse(text).objectValue)
        #expect(object.count == 100)
        #expect(object["k5"] == "again")
        #expect(object["k99"] == 99)
        #expect(object.keys[5] == "k5")
    }

    @Test func escapesDecode() throws {
        let value = try parse(#""\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00\u0000x""#)
        #expect(value == .string("\"\\/\u{8}\u{c}\n\r\té😀\u{0}x"))
    }

    @Test func rawUTF8IsKept() throws {
        #expect(try parse("\"héllo 😀 \u{10FFFF}\"") == .string("héllo 😀 \u{10FFFF}"))
    }

    @Test func errorsCarryReasonAndOffset() {
        #expect(failure("") == JSONParseError(.unexpectedEndOfInput, at: 0))
        #expect(failure("   ") == JSONParseError(.unexpectedEndOfInput, at: 3))
        #expect(failure("[1,]") == JSONParseError(.trailingComma, at: 3))
        #expect(failure(#"{"a":1,}"#) == JSONParseError(.trailingComma, at: 7))
        #expect(failure("01") == JSONParseError(.invalidNumber, at: 0))
        #expect(failure("[-01]") == JSONParseError(.invalidNumber, at: 1))
        #expect(failure("-") == JSONParseError(.invalidNumber, at: 1))
        #expect(failure("1.") == JSONParseError(.invalidNumber, at: 2))
        #expect(failure("1e+") == JSONParseError(.invalidNumber, at: 3))
        #expect(failure(".5") == JSONParseError(.unexpectedByte(UInt8(ascii: ".")), at: 0))
        #expect(failure("[NaN]") == JSONParseError(.unexpectedByte(UInt8(ascii: "N")), at: 1))
        #expect(failure("Infinity") == JSONParseError(.unexpectedByte(UInt8(ascii: "I")), at: 0))
        #expect(failure("-Infinity") == JSONParseError(.invalidNumber, at: 1))
        #expect(failure("tru") == JSONParseError(.unexpectedEndOfInput, at: 3))
        #expect(failure("nul1") == JSONParseError(.unexpectedByte(UInt8(ascii: "1")), at: 3))
        #expect(failure("1 2") == JSONParseError(.trailingCharacters, at: 2))
        #expect(failure("\"a\u{1}\"") == JSONParseError(.controlCharacterInString, at: 2))
        #expect(failure("\"a\tb\"") == JSONParseError(.controlCharacterInString, at: 2))
        #expect(failure(#""\x""#) == JSONParseError(.invalidEscape, at: 1))
        #expect(failure(#""\u12G4""#) == JSONParseError(.invalidEscape, at: 5))
        #expect(failure(#""\uD800""#) == JSONParseError(.loneSurrogate, at: 1))
        #expect(failure(#""\uDC00""#) == JSONParseError(.loneSurrogate, at: 1))
        #expect(failure(#""ab\uD800\u0041""#) == JSONParseError(.loneSurrogate, at: 3))
        #expect(failure(#"{"a" 1}"#) == JSONParseError(.unexpectedByte(UInt8(ascii: "1")), at: 5))
        #expect(failure(#"{1:1}"#) == JSONParseError(.unexpectedByte(UInt8(ascii: "1")), at: 1))
        #expect(failure("[1 2]") == JSONParseError(.unexpectedByte(UInt8(ascii: "2")), at: 3))
        #expect(failure("\"abc") == JSONParseError(.unexpectedEndOfInput, at: 4))
    }

    @Test func invalidUTF8IsRejected() {
        let quote = UInt8(ascii: "\"")
        // Overlong, surrogate, beyond U+10FFFF, stray continuation, truncated.
        #expect(failure([quote, 0xC0, 0x80, quote]) == JSONParseError(.invalidUTF8, at: 1))
        #expect(failure([quote, 0xE0, 0x80, 0x80, quote]) == JSONParseError(.invalidUTF8, at: 1))
        #expect(failure([quote, 0xED, 0xA0, 0x80, quote]) == JSONParseError(.invalidUTF8, at: 1))
        #expect(
            failure([quote, 0xF4, 0x90, 0x80, 0x80, quote]) == JSONParseError(.invalidUTF8, at: 1))
        #expect(failure([quote, 0x61, 0x80, quote]) == JSONParseError(.invalidUTF8, at: 2))
        #expect(failure([quote, 0xE2, 0x82, quote]) == JSONParseError(.invalidUTF8, at: 1))
        #expect(failure([quote, 0xFF, quote]) == JSONParseError(.invalidUTF8, at: 1))
        // Outside strings any byte >= 0x80 is simply unexpected; so is a BOM.
        #expect(failure([0xEF, 0xBB, 0xBF, 0x31]) == JSONParseError(.unexpectedByte(0xEF), at: 0))
        // After an escape the check still applies.
        #expect(failure([quote, 0x5C, 0x6E, 0xC3, quote]) == JSONParseError(.invalidUTF8, at: 3))
    }

    @Test func nestingLimit() throws {
        let ok = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        #expect(throws: Never.self) { try parse(ok) }
        let deep = String(repeating: "[", count: 129) + String(repeating: "]", count: 129)
        #expect(failure(deep) == JSONParseError(.nestingTooDeep(limit: 128), at: 128))
        let objects =
            String(repeating: #"{"a":"#, count: 5) + "1" + String(repeating: "}", count: 5)
        #expect(
            failure(Array(objects.utf8), maximumDepth: 4)
                == JSONParseError(.nestingTooDeep(limit: 4), at: 20))
        // Far deeper than any stack: an error, not a crash.
        let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        #expect(failure(hostile) == JSONParseError(.nestingTooDeep(limit: 128), at: 128))
    }

    @Test func errorDescriptionNamesOffset() {
        #expect(JSONParseError(.trailingComma, at: 3).description == "trailing comma at byte 3")
        #expect(
            JSONParseError(.unexpectedByte(UInt8(ascii: "x")), at: 0).description
                == "unexpected character 'x' at byte 0")
        #expect(
            JSONParseError(.unexpectedByte(0x01), at: 9).description
                == "unexpected byte 0x1 at byte 9")
    }

    @Test func rawBufferEntryPoint() throws {
        let bytes = Array(#"{"k":[1,2.5,"x"]}"#.utf8)
        let value = try bytes.withUnsafeBytes { raw in try JSONParser().parse(raw) }
        #expect(value == ["k": [1, 2.5, "x"]])
    }
}
