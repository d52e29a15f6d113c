#if canImport(Glibc)
    import Glibc
#endif

/// Writes to a descriptor that is not a stream (a regular file) with blocking writes.
struct BlockingOutput {
    let fd: Int32

    /// Writes everything; false when the descriptor refuses.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}
