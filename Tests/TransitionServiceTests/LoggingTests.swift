import Testing

@testable import TransitionService

/// The log's rate limit per reason and its bounded backlog.
@Suite struct LoggingTests {
    static let second: UInt64 = 1_000_000_000

    final class Lines: LogSink {
        var written: [String] = []
        func write(_ level: LogLevel, _ message: String) {
            written.append("\(level.name): \(message)")
        }
    }

    @Test func aReasonIsTheTextWithItsNumbersLeftOut() {
        #expect(
            LogRateLimiter.reason(of: "connection 12 refused: 256 already", level: .warning)
                == "warning connection # refused: # already")
        #expect(
            LogRateLimiter.reason(of: "connection 3 refused: 256 already", level: .warning)
                == LogRateLimiter.reason(
                    of: "connection 4711 refused: 256 already", level: .warning))
    }

    @Test func alikeWarningsAreWrittenOnceASecondWithACount() {
        let lines = Lines()
        var clock: UInt64 = 0
        let logger = Logger(level: .warning, sink: lines, clock: { clock })
        var heldBack = 0
        logger.onHeldBack = { heldBack += 1 }
        for k in 0..<1000 {
            clock = UInt64(k) * 1_000_000  // one a millisecond
            logger.warning("refused connection \(k)")
        }
        logger.warning("another reason")
        #expect(lines.written == ["warning: refused connection 0", "warning: another reason"])
        #expect(heldBack == 1)
        #expect(logger.flush())  // the window is not over yet
        clock = Self.second
        #expect(!logger.flush())
        #expect(
            lines.written.last
                == "warning: refused connection 999 (999 such lines suppressed, this one the last)")
        clock = 3 * Self.second
        logger.warning("refused connection 1000")
        #expect(lines.written.last == "warning: refused connection 1000")
    }

    @Test func aCountNotYetFlushedGoesWithTheReasonsNextLine() {
        let lines = Lines()
        var clock: UInt64 = 0
        let logger = Logger(level: .warning, sink: lines, clock: { clock })
        logger.error("write failed: 28")
        logger.error("write failed: 28")
        clock = 2 * Self.second
        logger.error("write failed: 28")
        #expect(
            lines.written == [
                "error: write failed: 28",
                "error: write failed: 28 (1 more like it suppressed in the second before)",
            ])
    }

    @Test func infoLinesAskedForAreNotRateLimited() {
        let lines = Lines()
        let logger = Logger(level: .info, sink: lines, clock: { 0 })
        for k in 0..<3 { logger.info("connection \(k) opened") }
        #expect(lines.written.count == 3)
    }

    @Test func theBacklogKeepsWholeLinesUpToItsCapacityAndCountsTheRest() {
        var backlog = LogBacklog(capacity: 10)
        backlog.append(line: Array("12345\n".utf8)[...])
        backlog.append(line: Array("678\n".utf8)[...])
        backlog.append(line: Array("9\n".utf8)[...])  // 12 bytes: dropped
        #expect(backlog.count == 10 && backlog.dropped == 1)
        backlog.consume(6)
        #expect(Array(backlog.pending) == Array("678\n".utf8))
        backlog.append(line: Array("ab\n".utf8)[...])
        #expect(Array(backlog.pending) == Array("678\nab\n".utf8))
        // The rest of a line begun is kept whatever the capacity.
        backlog.appendRest(Array("cdefgh\n".utf8)[...])
        #expect(backlog.count == 14)
        backlog.consume(14)
        #expect(backlog.isEmpty && backlog.takeDropped() == 1 && backlog.dropped == 0)
    }
}
