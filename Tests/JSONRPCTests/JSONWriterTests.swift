import JSONRPC
import Testing

/// The text a single double is written as.
private func text(_ value: Double) -> String {
    var writer = JSONByteWriter()
    writer.write(value)
    return String(decoding: writer.bytes, as: UTF8.self)
}

/// The text a value tree is written as.
private func text(_ value: JSONValue, sortingKeys: Bool = false) -> String {
    String(decoding: value.serialized(sortingKeys: sortingKeys), as: UTF8.self)
}

struct JSONWriterTests {
    @Test func doubles() {
        let cases: [(Double, String)] = [
            (2.0, "2"),
            (-3.0, "-3"),
            (0.0, "0"),
            (-0.0, "-0"),
            (0.1, "0.1"),
            (-0.02, "-0.02"),
            (48.125, "48.125"),
            (181.875, "181.875"),
            (0.5, "0.5"),
            (123.456, "123.456"),
            (1e15, "1000000000000000"),
            (1e-7, "0.0000001"),
            (1e-8, "1e-08"),
            (9_007_199_254_740_992, "9007199254740992"),
            (9_007_199_254_740_994, "9.007199254740994e+15"),
            (1e16, "1e+16"),
            (1e300, "1e+300"),
            (-1.5e-300, "-1.5e-300"),
            (Double.leastNonzeroMagnitude, "5e-324"),
            (0.30000000000000004, "0.30000000000000004"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (123_456_789.12345679, "123456789.12345679"),
            (Double.nan, "null"),
            (Double.infinity, "null"),
            (-Double.infinity, "null"),
        ]
        for (value, expected) in cases {
            #expect(text(value) == expected, "\(value)")
        }
    }

    @Test func integers() {
        let cases: [(Int64, String)] = [
            (0, "0"), (7, "7"), (10, "10"), (99, "99"), (100, "100"), (-1, "-1"),
            (1_234_567_890, "1234567890"),
            (Int64.max, "9223372036854775807"), (Int64.min, "-9223372036854775808"),
        ]
        for (value, expected) in cases {
            var writer = JSONByteWriter()
            writer.write(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        }
    }

    @Test func integersAtDigitBoundaries() {
        var values: [Int64] = []
        var power: Int64 = 1
        for _ in 0...18 {
            values += [power - 1, power, power + 1, -power, -(power - 1)]
            power = power &* 10
        }
        for shift in 0..<63 {
            let two = Int64(1) << Int64(shift)
            values += [two - 1, two, two + 1, -two]
        }
        values += [Int64.max, Int64.min, Int64.max - 1, Int64.min + 1]
        for value in values {
            var writer = JSONByteWriter()
            writer.write(value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(value))
        }
    }

    @Test func shortDecimalsNearPowersOfTen() {
        var values: [Double] = []
        for exponent in -7...14 {
            let power = Double("1e\(exponent)")!
            values += [
                power, power.nextUp, power.nextDown, power * 1.5, power * 9.999, power * 0.999,
            ]
        }
        for value in values + values.map({ -$0 }) {
            var writer = JSONByteWriter()
            writer.write(value)
            let text = String(decoding: writer.bytes, as: UTF8.self)
            #expect(Double(text)?.bitPattern == value.bitPattern, "\(value) written as \(text)")
        }
    }

    @Test func stringEscaping() {
        let value = JSONValue.string("a\"b\\c/\n\r\t\u{8}\u{c}\u{1}\u{1f}\u{7f}é😀\u{2028}")
        #expect(text(value) == #""a\"b\\c/\n\r\t\b\f\u0001\u001f"# + "\u{7f}é😀\u{2028}\"")
    }

    /// Strings are copied eight bytes at a time until a byte may need an escape: every
    /// byte that needs one, at every offset in and after a clean run, next to UTF-8.
    @Test func escapesAtEveryOffsetOfLongStrings() {
        func reference(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\u{1}": out += "\\u0001"
                case "\u{1f}": out += "\\u001f"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        for special in ["\"", "\\", "\n", "\u{1}", "\u{1f}", "\u{7f}", "é", " ", "😀"] {
            for length in 0..<24 {
                for offset in 0...length {
                    let clean = String(repeating: "x", count: length)
                    let index = clean.index(clean.startIndex, offsetBy: offset)
                    let string = String(clean[..<index]) + special + String(clean[index...]) + "é!"
                    #expect(
                        text(.string(string)) == reference(string),
                        "\(length) \(offset) \(special.debugDescription)")
                }
            }
        }
    }

    @Test func structureAndCommas() {
        let value: JSONValue = ["a": [1, [], [:], ["b": nil]], "c": true, "": "x"]
        #expect(text(value) == #"{"a":[1,[],{},{"b":null}],"c":true,"":"x"}"#)
    }

    @Test func sortedKeys() {
        let value: JSONValue = ["b": 1, "a": ["z": 1, "y": 2], "B": 0]
        #expect(text(value, sortingKeys: true) == #"{"B":0,"a":{"y":2,"z":1},"b":1}"#)
    }

    @Test func attributeRecordWithoutTree() {
        var writer = JSONByteWriter()
        writer.beginObject()
        writer.writeKey("k")
        writer.write("cell")
        writer.writeKey("s")
        writer.write(0)
        writer.writeKey("i")
        writer.write(3)
        writer.writeKey("f")
        writer.beginArray()
        for value in [48.125, 181.875, 324.375, 88.125] { writer.write(value) }
        writer.endArray()
        writer.writeKey("a")
        writer.write(1.0)
        writer.endObject()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"k":"cell","s":0,"i":3,"f":[48.125,181.875,324.375,88.125],"a":1}"#)
        writer.reset()
        writer.beginArray()
        writer.writeNull()
        writer.write(false)
        writer.writeRaw(Array(#"{"x":1}"#.utf8))
        writer.writeKey("unused")  // keys outside objects are the caller's mistake; no trap
        writer.endArray()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"[null,false,{"x":1},"unused":]"#)
    }

    @Test func descriptionIsCompactJSON() {
        let value: JSONValue = ["n": 1.5, "s": "t"]
        #expect(value.description == #"{"n":1.5,"s":"t"}"#)
    }

    /// `bytes(capacity:_:)` writes into the array it returns; a document that outgrows
    /// the capacity moves to the writer's own buffer on the way and still comes out
    /// whole, at every length around the capacity.
    @Test func bytesWrittenInPlaceOrGrownAreTheSame() {
        for length in [0, 1, 50, 62, 63, 64, 65, 100, 1000, 5000] {
            let values = (0..<length).map { Double($0) * 46.875 + 0.1 }
            func write(_ w: inout JSONByteWriter) {
                w.beginArray()
                for v in values { w.write(v) }
                w.write("é\"")
                w.endArray()
            }
            var reference = JSONByteWriter()
            write(&reference)
            let expected = reference.bytes
            for capacity in [
                0, 64, expected.count - 1, expected.count, expected.count + 1, 4 * expected.count,
            ] {
                let bytes = JSONByteWriter.bytes(capacity: capacity) { write(&$0) }
                #expect(bytes == expected, "\(length) values, capacity \(capacity)")
            }
        }
    }

    /// Bytes are copied whole at every length and offset: short runs go by overlapping
    /// words rather than a memcpy, and each length has its own case.
    @Test func rawBytesOfEveryShortLengthAreCopiedWhole() {
        let source = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for offset in 0...9 {
            for length in 0...40 {
                var writer = JSONByteWriter(capacity: 8)
                let first = Array(source[0..<offset])
                let second = Array(source[offset..<offset + length])
                writer.writeRaw(first)
                writer.writeRaw(second)
                #expect(writer.bytes == first + Array(",".utf8) + second, "\(offset), \(length)")
            }
        }
    }
}
