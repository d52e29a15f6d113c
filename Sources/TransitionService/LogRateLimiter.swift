/// One line per reason per second: a flood of alike lines (a refused-connection storm)
/// costs one line a second and a count, not megabytes.
///
/// A line's reason is its level and its text with every run of digits read as one
/// placeholder, so "connection 12 refused" and "connection 13 refused" share a reason.
/// The first line of a reason is written and opens a one-second window; lines of that
/// reason within it are counted, not written. The count goes out with the reason's next
/// written line, or as a summary once the window is over (`takeSummaries`).
/// - Complexity: O(length of the line) per line; memory O(reasons seen in the last second).
package struct LogRateLimiter {
    package static let windowNanoseconds: UInt64 = 1_000_000_000

    private struct Window {
        let opened: UInt64
        var suppressed = 0
        var lastSuppressed = ""
    }

    private var windows: [String: Window] = [:]

    package init() {}

    /// What to do with a line.
    package enum Decision: Equatable {
        /// Write it; `suppressedBefore` lines of its reason were left out in the window
        /// before (to be said with it).
        case write(suppressedBefore: Int)
        case suppress
    }

    /// Decides about `message` at `level`, at `now` (monotonic nanoseconds).
    package mutating func admit(_ message: String, level: LogLevel, now: UInt64) -> Decision {
        let reason = Self.reason(of: message, level: level)
        if var window = windows[reason], now &- window.opened < Self.windowNanoseconds {
            window.suppressed += 1
            window.lastSuppressed = message
            windows[reason] = window
            return .suppress
        }
        let before = windows[reason]?.suppressed ?? 0
        windows[reason] = Window(opened: now)
        return .write(suppressedBefore: before)
    }

    /// Whether lines were suppressed that no written line has counted yet.
    package var holdsCounts: Bool { windows.values.contains { $0.suppressed > 0 } }

    /// The windows over at `now` that suppressed lines: the last line suppressed and how
    /// many were; those windows are forgotten (and so are quiet ones).
    package mutating func takeSummaries(now: UInt64) -> [(
        level: LogLevel, message: String, suppressed: Int
    )] {
        var summaries: [(level: LogLevel, message: String, suppressed: Int)] = []
        for (reason, window) in windows where now &- window.opened >= Self.windowNanoseconds {
            windows[reason] = nil
            if window.suppressed > 0 {
                summaries.append((Self.level(of: reason), window.lastSuppressed, window.suppressed))
            }
        }
        return summaries.sorted { $0.message < $1.message }
    }

    /// The level's name, a space, and the text with each run of digits as `#`.
    static func reason(of message: String, level: LogLevel) -> String {
        var reason = level.name + " "
        var inDigits = false
        for scalar in message.unicodeScalars {
            let isDigit = scalar.value >= 48 && scalar.value <= 57
            if isDigit {
                if !inDigits { reason.append("#") }
            } else {
                reason.unicodeScalars.append(scalar)
            }
            inDigits = isDigit
        }
        return reason
    }

    private static func level(of reason: String) -> LogLevel {
        LogLevel.allCases.first { reason.hasPrefix($0.name + " ") } ?? .warning
    }
}
