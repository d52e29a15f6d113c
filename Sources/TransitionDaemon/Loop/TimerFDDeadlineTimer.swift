import CLibUV
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

#if os(Linux)
    /// The Linux `DeadlineTimer` (see `Platform.swift`): a timer that fires at an absolute
    /// monotonic time to the microsecond, a timerfd watched by the loop. libuv's own timers
    /// count whole milliseconds from a cached loop time, which puts up to a millisecond of
    /// jitter into every tick of a 120 fps stream (`UVDeadlineTimer`, the portable one).
    final class TimerFDDeadlineTimer {
        private let fd: Int32
        private var poll: LoopHandle<uv_poll_t>!
        var onFire: (() -> Void)?
        private var isPolling = false

        /// Fails when the system refuses a timerfd or libuv refuses to poll it.
        init(loop: EventLoop) throws(UVFailure) {
            let fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
            guard fd >= 0 else { throw UVFailure(call: "timerfd_create", status: -errno) }
            self.fd = fd
            do {
                poll = try LoopHandle(loop: loop, owner: self, "uv_poll_init") {
                    uv_poll_init(loop.raw, $0, fd)
                }
            } catch {
                Glibc.close(fd)
                throw error
            }
        }

        /// Fires once at `deadline` (monotonic nanoseconds, the clock of `uv_hrtime`); a
        /// deadline already past fires on the next loop iteration, after pending I/O.
        func schedule(at deadline: UInt64) {
            guard poll.isOpen else { return }
            // 0 would disarm the timer: the earliest deadline is 1 ns.
            let when = Swift.max(deadline, 1)
            var spec = itimerspec()
            spec.it_value.tv_sec = Int(when / 1_000_000_000)
            spec.it_value.tv_nsec = Int(when % 1_000_000_000)
            timerfd_settime(fd, Int32(TFD_TIMER_ABSTIME), &spec, nil)
            guard !isPolling else { return }
            isPolling = true
            uv_poll_start(poll.raw, Int32(UV_READABLE.rawValue)) { handle, _, _ in
                LoopHandle.owner(of: handle, as: TimerFDDeadlineTimer.self)?.fired()
            }
        }

        private func fired() {
            // Reading clears the expiration count; EAGAIN means a re-arm raced it.
            var expirations: UInt64 = 0
            guard read(fd, &expirations, 8) == 8 else { return }
            onFire?()
        }

        /// Disarms the timer; the loop no longer waits on it.
        func stop() {
            guard poll.isOpen else { return }
            var spec = itimerspec()
            timerfd_settime(fd, 0, &spec, nil)
            if isPolling {
                isPolling = false
                uv_poll_stop(poll.raw)
            }
        }

        func close() {
            stop()
            onFire = nil
            poll.close { [fd] in _ = Glibc.close(fd) }
        }
    }

    extension TimerFDDeadlineTimer: TickScheduling {}
#endif
