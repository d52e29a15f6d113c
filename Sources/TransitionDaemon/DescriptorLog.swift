import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's log: lines with its pid and the wall-clock time, written to a
/// descriptor (standard error, or a log file opened for appending).
final class DescriptorLog: LogSink {
    private let fd: Int32

    /// Writes to `fd` (2 for standard error).
    init(fd: Int32 = 2) {
        self.fd = fd
    }

    /// Opens `path` for appending.
    static func file(_ path: String) -> DescriptorLog? {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        return fd < 0 ? nil : DescriptorLog(fd: fd)
    }

    func write(_ level: LogLevel, _ message: String) {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        let milliseconds = String(ts.tv_nsec / 1_000_000)
        let padded = String(repeating: "0", count: max(0, 3 - milliseconds.count)) + milliseconds
        let line = "transitiond[\(getpid())] \(ts.tv_sec).\(padded) \(level.name): \(message)\n"
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset)
            }
            if n <= 0 { return }
            offset += n
        }
    }
}
