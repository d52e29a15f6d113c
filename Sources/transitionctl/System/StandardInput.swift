#if canImport(Glibc)
    import Glibc
#endif

/// Reading standard input or a file whole, or line by line.
enum StandardInput {
    /// All of standard input as UTF-8 text.
    static func readAll() -> String {
        String(decoding: readAll(fd: 0), as: UTF8.self)
    }

    static func readAll(fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n > 0 {
                bytes.append(contentsOf: buffer[0..<n])
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
    }

    /// The contents of `path` ('-': standard input).
    /// - Throws: `Failure` when it cannot be opened.
    static func contents(of path: String) throws(Failure) -> [UInt8] {
        if path == "-" { return readAll(fd: 0) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure("cannot open '\(path)': \(FileDescriptor.errorText)") }
        defer { close(fd) }
        return readAll(fd: fd)
    }
}

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
