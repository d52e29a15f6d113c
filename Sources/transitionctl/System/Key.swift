#if canImport(Glibc)
    import Glibc
#endif

/// A key read from the terminal.
enum Key: Equatable {
    case left, right, up, down
    case character(UInt8)
    case interrupt
    /// The terminal went away (end of file or an error where a key was expected).
    case hangup

    /// Splits the bytes of one read into keys (arrows as ESC [ C / ESC O C ...).
    static func parse(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x1B, i + 1 < bytes.count,
                bytes[i + 1] == UInt8(ascii: "[") || bytes[i + 1] == UInt8(ascii: "O")
            {
                // A control sequence: parameters, then a final byte in 0x40...0x7E.
                var j = i + 2
                while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                if j < bytes.count {
                    switch bytes[j] {
                    case UInt8(ascii: "A"): keys.append(.up)
                    case UInt8(ascii: "B"): keys.append(.down)
                    case UInt8(ascii: "C"): keys.append(.right)
                    case UInt8(ascii: "D"): keys.append(.left)
                    default: break
                    }
                }
                i = j + 1
                continue
            }
            keys.append(b == 3 ? .interrupt : .character(b))
            i += 1
        }
        return keys
    }

    /// Reads the keys waiting on `fd` (raw mode: never blocks). Call it when `poll(2)`
    /// reported `fd` readable: nothing to read then means the terminal hung up.
    static func read(fd: Int32) -> [Key] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
        if n > 0 { return parse(Array(buffer[0..<n])) }
        if n < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        return [.hangup]
    }
}
