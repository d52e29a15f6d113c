import CLibUV
import TransitionService

/// A repeating libuv timer calling `onFire` (millisecond-grained; ticks use `DeadlineTimer`).
final class Timer {
    private var handle: LoopHandle<uv_timer_t>!
    var onFire: (() -> Void)?

    init(loop: EventLoop) throws(UVFailure) {
        handle = try LoopHandle(loop: loop, owner: self, "uv_timer_init") {
            uv_timer_init(loop.raw, $0)
        }
    }

    /// Fires every `milliseconds`.
    func repeatEvery(milliseconds: UInt64) {
        guard handle.isOpen else { return }
        uv_timer_start(
            handle.raw,
            { h in
                LoopHandle.owner(of: h, as: Timer.self)?.onFire?()
            }, milliseconds, milliseconds)
    }

    /// Fires once, `milliseconds` from now (restarting it if it was set).
    func fireOnce(afterMilliseconds milliseconds: UInt64) {
        guard handle.isOpen else { return }
        uv_timer_start(
            handle.raw,
            { h in
                LoopHandle.owner(of: h, as: Timer.self)?.onFire?()
            }, milliseconds, 0)
    }

    func stop() {
        if handle.isOpen { uv_timer_stop(handle.raw) }
    }

    /// Keeps the loop from waiting on this timer alone.
    func unreference() {
        uv_unref(asHandle(handle.raw))
    }

    func close() {
        onFire = nil
        handle.close()
    }
}
