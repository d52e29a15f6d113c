/// String escaping for `JSONByteWriter`.
extension JSONByteWriter {
    /// Appends `"…"` with the string's UTF-8, escaped.
    @usableFromInline
    mutating func appendQuoted(_ string: String) {
        var string = string
        string.withUTF8 { appendQuoted($0) }
    }

    /// Appends `"…"` with the given UTF-8, escaping `"`, `\` and U+0000..U+001F.
    ///
    /// Reserves room for the unescaped case up front, then copies eight bytes at a time
    /// while none of them needs an escape, and the rest byte by byte; an escape
    /// reserves its own extra room.
    @usableFromInline
    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(utf8.count + 2)
        base[count] = UInt8(ascii: "\"")
        count += 1
        appendEscaped(utf8)
        base[count] = UInt8(ascii: "\"")
        count += 1
    }

    /// Appends the string's UTF-8, escaped, without quotes: the caller writes them.
    mutating func appendEscaped(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            reserve(utf8.count + 1)
            appendEscaped(utf8)
        }
    }

    /// Appends the given UTF-8, escaping `"`, `\` and U+0000..U+001F, into room reserved
    /// for it unescaped plus one byte.
    mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        if let source = utf8.baseAddress {
            let raw = UnsafeRawPointer(source)
            while start + 8 <= utf8.count {
                let word = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                if Self.mayNeedEscape(word) { break }
                UnsafeMutableRawPointer(base + count).storeBytes(of: word, as: UInt64.self)
                count += 8
                start += 8
            }
        }
        for byte in UnsafeBufferPointer(rebasing: utf8[start...]) {
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                base[count] = byte
                count += 1
            } else {
                appendEscape(byte)
                reserve(utf8.count + 1)
            }
        }
    }

    /// Whether one of the eight bytes of `word` may be `"`, `\` or below 0x20 (the
    /// test can say yes for a byte that is none of them, never no for one that is).
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (word &- 0x2020_2020_2020_2020) & ~word & highs
        let quote = hasZeroByte(word ^ 0x2222_2222_2222_2222)
        let backslash = hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C)
        return (control | quote | backslash) != 0
    }

    /// Appends the escape sequence for one byte that must not appear raw.
    mutating func appendEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): appendASCII("\\\"")
        case UInt8(ascii: "\\"): appendASCII("\\\\")
        case 0x08: appendASCII("\\b")
        case 0x09: appendASCII("\\t")
        case 0x0A: appendASCII("\\n")
        case 0x0C: appendASCII("\\f")
        case 0x0D: appendASCII("\\r")
        default:
            let hex: StaticString = "0123456789abcdef"
            appendASCII("\\u00")
            appendByte(hex.utf8Start[Int(byte >> 4)])
            appendByte(hex.utf8Start[Int(byte & 0x0F)])
        }
    }
}
