import CLibUV
import TransitionService

/// The portable `DeadlineTimer` (see `Platform.swift`): a one-shot libuv timer armed
/// for an absolute monotonic time, for systems without a timerfd.
///
/// libuv counts whole milliseconds from the loop's cached time (`uv_now`, the same
/// monotonic clock as `uv_hrtime` divided down, taken when the iteration began), and
/// fires a timer once that time reaches its due millisecond. So the deadline is rounded
/// up to a whole millisecond of that clock: the timer never fires before it, and fires
/// up to about a millisecond after it. The ticks' times still come from each session's
/// grid of deadlines (`SessionHost.tickRealtime`), not from when the timer fired, so the
/// lateness shows only as when a tick is written, never in its time.
final class UVDeadlineTimer {
    private var handle: LoopHandle<uv_timer_t>!
    private let loop: EventLoop
    var onFire: (() -> Void)?

    /// Fails when libuv refuses the timer.
    init(loop: EventLoop) throws(UVFailure) {
        self.loop = loop
        handle = try LoopHandle(loop: loop, owner: self, "uv_timer_init") {
            uv_timer_init(loop.raw, $0)
        }
    }

    /// Fires once at `deadline` (monotonic nanoseconds, the clock of `uv_hrtime`), or in
    /// the first millisecond of the loop's clock at or after it; a deadline already past
    /// fires on the next loop iteration.
    func schedule(at deadline: UInt64) {
        guard handle.isOpen else { return }
        let due = Self.dueMillisecond(of: deadline)
        let now = uv_now(loop.raw)
        uv_timer_start(
            handle.raw,
            { h in
                LoopHandle.owner(of: h, as: UVDeadlineTimer.self)?.onFire?()
            }, due > now ? due - now : 0, 0)
    }

    /// The first whole millisecond of the monotonic clock at or after `deadline`.
    static func dueMillisecond(of deadline: UInt64) -> UInt64 {
        deadline / 1_000_000 + (deadline % 1_000_000 == 0 ? 0 : 1)
    }

    /// Disarms the timer; the loop no longer waits on it.
    func stop() {
        if handle.isOpen { uv_timer_stop(handle.raw) }
    }

    func close() {
        stop()
        onFire = nil
        handle.close()
    }
}

extension UVDeadlineTimer: TickScheduling {}
