import CLibUV

/// A repeating libuv timer calling `onFire` (millisecond-grained; ticks use `DeadlineTimer`).
final class Timer {
    private let handle: UnsafeMutablePointer<uv_timer_t>
    var onFire: (() -> Void)?
    private(set) var isClosed = false

    init(loop: EventLoop) {
        handle = .allocate(capacity: 1)
        uv_timer_init(loop.raw, handle)
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    /// Fires every `milliseconds`.
    func repeatEvery(milliseconds: UInt64) {
        guard !isClosed else { return }
        uv_timer_start(handle, { h in
            guard let data = h?.pointee.data else { return }
            Unmanaged<Timer>.fromOpaque(data).takeUnretainedValue().onFire?()
        }, milliseconds, milliseconds)
    }

    func stop() {
        if !isClosed { uv_timer_stop(handle) }
    }

    /// Keeps the loop from waiting on this timer alone.
    func unreference() {
        uv_unref(asHandle(handle))
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        onFire = nil
        uv_close(asHandle(handle)) { h in
            guard let h else { return }
            Unmanaged<Timer>.fromOpaque(h.pointee.data).release()
            UnsafeMutableRawPointer(h).deallocate()
        }
    }
}

/// Watches signals with `uv_signal_start`.
final class SignalWatcher {
    private let handle: UnsafeMutablePointer<uv_signal_t>
    var onSignal: ((Int32) -> Void)?
    private var isClosed = false

    init(loop: EventLoop, signal: Int32) {
        handle = .allocate(capacity: 1)
        uv_signal_init(loop.raw, handle)
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
        uv_signal_start(handle, { h, signum in
            guard let data = h?.pointee.data else { return }
            Unmanaged<SignalWatcher>.fromOpaque(data).takeUnretainedValue().onSignal?(signum)
        }, signal)
        // A signal watcher alone should not keep the loop running.
        uv_unref(asHandle(handle))
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        onSignal = nil
        uv_close(asHandle(handle)) { h in
            guard let h else { return }
            Unmanaged<SignalWatcher>.fromOpaque(h.pointee.data).release()
            UnsafeMutableRawPointer(h).deallocate()
        }
    }
}
