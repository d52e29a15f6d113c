import CLibUV
import TransitionService

/// Runs `onIdle` once per loop iteration while started (a libuv idle handle). While it
/// runs, the loop polls I/O without waiting, so work split into turns goes on as fast
/// as the other clients' I/O allows.
final class IdleCallback {
    private var handle: LoopHandle<uv_idle_t>!
    var onIdle: (() -> Void)?
    private var isActive = false

    init(loop: EventLoop) throws(UVFailure) {
        handle = try LoopHandle(loop: loop, owner: self, "uv_idle_init") {
            uv_idle_init(loop.raw, $0)
        }
    }

    func start() {
        guard handle.isOpen, !isActive else { return }
        isActive = true
        uv_idle_start(handle.raw) { h in
            LoopHandle.owner(of: h, as: IdleCallback.self)?.onIdle?()
        }
    }

    func stop() {
        guard handle.isOpen, isActive else { return }
        isActive = false
        uv_idle_stop(handle.raw)
    }

    func close() {
        stop()
        onIdle = nil
        handle.close()
    }
}

extension IdleCallback: TurnScheduling {}
