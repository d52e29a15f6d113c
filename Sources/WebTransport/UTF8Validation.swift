/// Whether `bytes` are well-formed UTF-8 (no overlong forms, no surrogates, nothing past
/// U+10FFFF), as RFC 6455 requires of every text message and close reason.
/// - Complexity: O(n), with an ASCII fast path.
public func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var i = 0
    let n = bytes.count
    while i < n {
        let b0 = bytes[i]
        if b0 < 0x80 {
            i += 1
            continue
        }
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, lower) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, upper) = (3, 0x9F)
        case 0xF0: (length, lower) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, upper) = (4, 0x8F)
        default: return false
        }
        guard i + length <= n else { return false }
        let b1 = bytes[i + 1]
        guard b1 >= lower && b1 <= upper else { return false }
        for k in 2..<max(length, 2) where bytes[i + k] & 0xC0 != 0x80 { return false }
        i += length
    }
    return true
}

public func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { isValidUTF8($0) }
}
