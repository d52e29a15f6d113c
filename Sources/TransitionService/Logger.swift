/// Log lines at `level` and above, to a `LogSink`; the message is built only when it is
/// written. With a clock, warnings and errors are rate-limited per reason
/// (`LogRateLimiter`): a flood of alike lines costs one line a second and a count.
/// Info and debug lines, asked for with `--log-level`, are written as they come.
package final class Logger {
    package typealias Level = LogLevel

    package let level: Level
    private let sink: (any LogSink)?
    /// Monotonic nanoseconds; without it nothing is rate-limited.
    private let clock: (() -> UInt64)?
    private var limiter = LogRateLimiter()
    /// Called when the logger or its sink starts holding something back (a count of
    /// suppressed lines, lines a full pipe did not take): `flush()` should run soon.
    package var onHeldBack: (() -> Void)?

    package init(level: Level, sink: (any LogSink)?, clock: (() -> UInt64)? = nil) {
        self.level = level
        self.sink = sink
        self.clock = clock
    }

    /// A logger that writes nothing.
    package static var silent: Logger { Logger(level: .error, sink: nil) }

    package func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level <= self.level, let sink else { return }
        let text = message()
        var line = text
        if level <= .warning, let clock {
            let wasHolding = limiter.holdsCounts
            switch limiter.admit(text, level: level, now: clock()) {
            case .suppress:
                if !wasHolding { onHeldBack?() }
                return
            case .write(let suppressedBefore):
                if suppressedBefore > 0 {
                    line += " (\(suppressedBefore) more like it suppressed in the second before)"
                }
            }
        }
        let wasPending = sink.isHoldingLines
        sink.write(level, line)
        if !wasPending && sink.isHoldingLines { onHeldBack?() }
    }

    /// Writes the counts of lines suppressed in windows that are over, and what the sink
    /// held back. Returns whether something is still held back (call again later).
    @discardableResult
    package func flush() -> Bool {
        guard let sink else { return false }
        if let clock {
            for summary in limiter.takeSummaries(now: clock()) {
                sink.write(
                    summary.level,
                    "\(summary.message) (\(summary.suppressed) such lines suppressed, this one the last)"
                )
            }
        }
        sink.flush()
        return limiter.holdsCounts || sink.isHoldingLines
    }

    package func error(_ m: @autoclosure () -> String) { log(.error, m()) }
    package func warning(_ m: @autoclosure () -> String) { log(.warning, m()) }
    package func info(_ m: @autoclosure () -> String) { log(.info, m()) }
    package func debug(_ m: @autoclosure () -> String) { log(.debug, m()) }
}
