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
