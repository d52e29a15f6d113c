import Testing

@testable import TransitionDaemon

/// Both tick timers (the timerfd one exists on Linux only): each fires at or after its
/// deadline, never before, whatever the deadline's fraction of a millisecond, and closes
/// clean.
@Suite struct DeadlineTimerTests {
    @Test func theLibUVTimerRoundsTheDeadlineUpToAWholeMillisecond() {
        #expect(UVDeadlineTimer.dueMillisecond(of: 0) == 0)
        #expect(UVDeadlineTimer.dueMillisecond(of: 1) == 1)
        #expect(UVDeadlineTimer.dueMillisecond(of: 5_000_000) == 5)
        #expect(UVDeadlineTimer.dueMillisecond(of: 5_000_001) == 6)
        #expect(UVDeadlineTimer.dueMillisecond(of: 5_999_999) == 6)
    }

    @Test func theLibUVTimerNeverFiresBeforeItsDeadline() throws {
        let loop = try EventLoop()
        let timer = try UVDeadlineTimer(loop: loop)
        // Offsets within a millisecond and across several, and one already past.
        var offsets: [UInt64] = [1, 999_999, 1_000_000, 1_000_001, 2_500_000, 0]
        var early: [UInt64] = []
        var deadline = loop.nanoseconds + offsets.removeFirst()
        timer.onFire = {
            let now = loop.nanoseconds
            if now < deadline { early.append(deadline - now) }
            guard !offsets.isEmpty else { return timer.close() }
            let offset = offsets.removeFirst()
            deadline = offset == 0 ? now - 1 : now + offset
            timer.schedule(at: deadline)
        }
        timer.schedule(at: deadline)
        loop.run()
        #expect(early.isEmpty, "fired early by \(early) ns")
        #expect(loop.close() == 0)
    }

    @Test func aStoppedLibUVTimerDoesNotFireAndClosesClean() throws {
        let loop = try EventLoop()
        let timer = try UVDeadlineTimer(loop: loop)
        var fired = false
        timer.onFire = { fired = true }
        timer.schedule(at: loop.nanoseconds + 1_000_000)
        timer.stop()
        loop.run()
        #expect(!fired)
        timer.close()
        #expect(loop.close() == 0)
    }
}
