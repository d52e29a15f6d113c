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
    /// Reserves room for the unescaped case up front, then copies byte by byte;
    /// an escape reserves its own extra room.
    @usableFromInline
    mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(utf8.count + 2)
        base[count] = UInt8(ascii: "\"")
        count += 1
        for byte in utf8 {
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                base[count] = byte
                count += 1
            } else {
                appendEscape(byte)
                reserve(utf8.count + 1)
            }
        }
        base[count] = UInt8(ascii: "\"")
        count += 1
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
