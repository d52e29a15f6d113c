#if canImport(Glibc)
    import Glibc
#endif

/// How much the daemon logs, least first; `--log-level` takes the names.
public enum LogLevel: String, CaseIterable, Comparable, Sendable {
    case error
    case warning
    case info
    case debug

    public static func < (a: LogLevel, b: LogLevel) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    var name: String { rawValue }
}

/// Log lines to standard error or a log file; never to standard output.
final class Logger {
    typealias Level = LogLevel

    let level: Level
    private let fd: Int32

    /// Logs to `fd` (2 for standard error) at `level` and above.
    init(level: Level, fd: Int32 = 2) {
        self.level = level
        self.fd = fd
    }

    /// Opens `path` for appending.
    static func file(_ path: String, level: Level) -> Logger? {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        return fd < 0 ? nil : Logger(level: level, fd: fd)
    }

    func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= self.level else { return }
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        let line = "transitiond[\(getpid())] \(ts.tv_sec).\(String(ts.tv_nsec / 1_000_000).leftPadded(3)) \(level.name): \(message())\n"
        var bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }

    func error(_ m: @autoclosure () -> String) { log(.error, m()) }
    func warning(_ m: @autoclosure () -> String) { log(.warning, m()) }
    func info(_ m: @autoclosure () -> String) { log(.info, m()) }
    func debug(_ m: @autoclosure () -> String) { log(.debug, m()) }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
