#if canImport(Glibc)
    import Glibc
#endif

/// Whole writes and small helpers over raw file descriptors.
enum FileDescriptor {
    /// Writes every byte of `bytes` to `fd`, retrying after interruptions and waiting
    /// while a non-blocking descriptor is full.
    /// - Returns: `false` when the descriptor is closed or fails (EPIPE ...).
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&p, 1, 100)
            } else {
                return false
            }
        }
        return true
    }

    /// Whether `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The message of the current `errno`.
    static var errorText: String { String(cString: strerror(errno)) }
}
