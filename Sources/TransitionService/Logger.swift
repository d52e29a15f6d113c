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
