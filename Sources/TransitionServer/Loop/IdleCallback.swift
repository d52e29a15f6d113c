import CLibUV

/// Runs `onIdle` once per loop iteration while started (a libuv idle handle). While it
/// runs, the loop polls I/O without waiting, so work split into turns goes on as fast
/// as the other clients' I/O allows.
final class IdleCallback {
    private let handle: UnsafeMutablePointer<uv_idle_t>
    var onIdle: (() -> Void)?
    private var isActive = false
    private var isClosed = false

    init(loop: EventLoop) {
        handle = .allocate(capacity: 1)
        uv_idle_init(loop.raw, handle)
        handle.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    func start() {
        guard !isClosed, !isActive else { return }
        isActive = true
        uv_idle_start(handle) { h in
            guard let data = h?.pointee.data else { return }
            Unmanaged<IdleCallback>.fromOpaque(data).takeUnretainedValue().onIdle?()
        }
    }

    func stop() {
        guard !isClosed, isActive else { return }
        isActive = false
        uv_idle_stop(handle)
    }

    func close() {
        guard !isClosed else { return }
        stop()
        isClosed = true
        onIdle = nil
        uv_close(asHandle(handle)) { h in
            guard let h else { return }
            Unmanaged<IdleCallback>.fromOpaque(h.pointee.data).release()
            UnsafeMutableRawPointer(h).deallocate()
        }
    }
}
