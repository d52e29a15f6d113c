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

/// Watches signals with `uv_signal_start`.
final class SignalWatcher {
    private var handle: LoopHandle<uv_signal_t>!
    var onSignal: ((Int32) -> Void)?

    init(loop: EventLoop, signal: Int32) throws(UVFailure) {
        handle = try LoopHandle(loop: loop, owner: self, "uv_signal_init") {
            uv_signal_init(loop.raw, $0)
        }
        let status = uv_signal_start(
            handle.raw,
            { h, signum in
                LoopHandle.owner(of: h, as: SignalWatcher.self)?.onSignal?(signum)
            }, signal)
        guard status == 0 else {
            handle.close()
            throw UVFailure(call: "uv_signal_start", status: status)
        }
        // A signal watcher alone should not keep the loop running.
        uv_unref(asHandle(handle.raw))
    }

    func close() {
        onSignal = nil
        handle.close()
    }
}
