/// Base64 with the standard alphabet and padding (RFC 4648 section 4).
public enum Base64 {
    private static let alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The encoding of `bytes`.
    /// - Complexity: O(n).
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let remaining = bytes.count - i
            let b0 = UInt32(bytes[i])
            let b1 = remaining > 1 ? UInt32(bytes[i + 1]) : 0
            let b2 = remaining > 2 ? UInt32(bytes[i + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(remaining > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            out.append(remaining > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not canonical padded base64.
    public static func decode(_ text: String) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < chars.count {
            var group: UInt32 = 0
            var padding = 0
            for j in 0..<4 {
                let c = chars[i + j]
                let value: UInt32
                if c == UInt8(ascii: "=") {
                    // Padding only at the end, at most two.
                    guard i + 4 == chars.count, j >= 2 else { return nil }
                    padding += 1
                    value = 0
                } else {
                    guard padding == 0, let v = sextet(c) else { return nil }
                    value = v
                }
                group = group << 6 | value
            }
            out.append(UInt8(group >> 16 & 0xFF))
            if padding < 2 { out.append(UInt8(group >> 8 & 0xFF)) }
            if padding < 1 { out.append(UInt8(group & 0xFF)) }
            i += 4
        }
        return out
    }

    private static func sextet(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(c - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(c - UInt8(ascii: "a") + 26)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c - UInt8(ascii: "0") + 52)
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
