/// How much the daemon logs, least first; `--log-level` takes the names.
public enum LogLevel: String, CaseIterable, Comparable, Sendable {
    case error
    case warning
    case info
    case debug

    public static func < (a: LogLevel, b: LogLevel) -> Bool {
        a.rank < b.rank
    }

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .info: return 2
        case .debug: return 3
        }
    }

    package var name: String { rawValue }
}

/// Where the service's log lines go: the daemon writes them to standard error or a log
/// file (never to standard output); tests keep them.
package protocol LogSink: AnyObject {
    /// One line, without its end of line; the sink adds its time stamp and process.
    func write(_ level: LogLevel, _ message: String)
}

/// Log lines at `level` and above, to a `LogSink`; the message is built only when it is
/// written.
package final class Logger {
    package typealias Level = LogLevel

    package let level: Level
    private let sink: (any LogSink)?

    package init(level: Level, sink: (any LogSink)?) {
        self.level = level
        self.sink = sink
    }

    /// A logger that writes nothing.
    package static var silent: Logger { Logger(level: .error, sink: nil) }

    package func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= self.level, let sink else { return }
        sink.write(level, message())
    }

    package func error(_ m: @autoclosure () -> String) { log(.error, m()) }
    package func warning(_ m: @autoclosure () -> String) { log(.warning, m()) }
    package func info(_ m: @autoclosure () -> String) { log(.info, m()) }
    package func debug(_ m: @autoclosure () -> String) { log(.debug, m()) }
}
