import JSONRPC
import Testing

/// Strings are scanned eight bytes at a time up to the first byte that is not plain
/// text: every such byte (a quote that ends the string, an escape, UTF-8, a control
/// character) is found at every position and length, in values and in message keys.
struct StringScanTests {
    static let plain = Array("abcdefghijklmnopqrstuvwxyz0123".utf8)

    /// `"` + `length` plain bytes with `inserted` at `position` + `"` + `trailing`.
    static func text(length: Int, inserted: [UInt8], at position: Int, trailing: String)
        -> [UInt8]
    {
        var content = Array(plain[0..<length])
        content.insert(contentsOf: inserted, at: position)
        return [0x22] + content + [0x22] + Array(trailing.utf8)
    }

    @Test func everyPositionAndLength() throws {
        let valid: [(inserted: [UInt8], decoded: String)] = [
            (Array(#"\""#.utf8), "\""), (Array(#"\\"#.utf8), "\\"), (Array(#"\n"#.utf8), "\n"),
            (Array("é".utf8), "é"), (Array("😀".utf8), "😀"), ([], ""),
        ]
        for trailing in ["", "        "] {
            for length in 0...20 {
                for position in 0...length {
                    for (inserted, decoded) in valid {
                        let bytes = Self.text(
                            length: length, inserted: inserted, at: position, trailing: trailing)
                        var expected = String(decoding: Self.plain[0..<length], as: UTF8.self)
                        expected.insert(
                            contentsOf: decoded,
                            at: expected.index(expected.startIndex, offsetBy: position))
                        #expect(try JSONParser().parse(bytes) == .string(expected))
                        let key =
                            Array("{".utf8) + bytes.prefix(bytes.count - trailing.utf8.count)
                            + Array(#":1}"#.utf8)
                        #expect(
                            try JSONParser().parse(key)
                                == .object(JSONObject([(expected, JSONValue.integer(1))])))
                    }
                    for bad: [UInt8] in [[0x01], [0x1F], [0xC3], [0xFF]] {
                        let bytes = Self.text(
                            length: length, inserted: bad, at: position, trailing: trailing)
                        #expect(throws: JSONParseError.self) { try JSONParser().parse(bytes) }
                        do {
                            _ = try JSONParser().parse(bytes)
                        } catch {
                            #expect(error.offset == position + 1)
                        }
                    }
                }
            }
        }
    }
}
