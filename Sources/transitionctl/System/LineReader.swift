#if canImport(Glibc)
    import Glibc
#endif

/// Splits what a descriptor delivers into lines, without blocking: `fill()` reads
/// once (call it when `poll(2)` says the descriptor is readable), `nextLine()` returns
/// the complete lines so far.
struct LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    /// Whether the descriptor reached its end (the last line may lack a newline).
    private(set) var atEnd = false

    init(fd: Int32) { self.fd = fd }

    /// The next complete line without its line end, or the unterminated rest at the
    /// end; `nil` when more input is needed (or everything was read).
    mutating func nextLine() -> String? {
        if let newline = buffer.firstIndex(of: 0x0A) {
            var line = Array(buffer[..<newline])
            buffer.removeFirst(newline + 1)
            if line.last == 0x0D { line.removeLast() }
            return String(decoding: line, as: UTF8.self)
        }
        guard atEnd, !buffer.isEmpty else { return nil }
        defer { buffer = [] }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Reads what is available once.
    mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if n > 0 {
            buffer.append(contentsOf: chunk[0..<n])
        } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
            atEnd = true
        }
    }
}
