import CLibUV
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// The libuv loop that owns all server state.
///
/// - Important: Everything in this module runs on the thread that calls `run()`; C
///   callbacks reach their Swift owners through `handle.data`, retained while the handle
///   is open and released in its close callback.
final class EventLoop {
    let raw: UnsafeMutablePointer<uv_loop_t>
    /// The thread that made the loop, the only one that may touch it.
    private let thread = pthread_self()

    init() throws(UVFailure) {
        raw = .allocate(capacity: 1)
        let status = uv_loop_init(raw)
        guard status == 0 else {
            raw.deallocate()
            throw UVFailure(call: "uv_loop_init", status: status)
        }
    }

    /// Traps in debug builds when called off the loop's thread (libuv is not thread-safe).
    @inline(__always)
    func assertOnLoopThread() {
        assert(pthread_equal(thread, pthread_self()) != 0, "libuv used off the loop thread")
    }

    /// Runs until no active handle is left (or `stop()`).
    func run() {
        assertOnLoopThread()
        uv_run(raw, UV_RUN_DEFAULT)
    }

    func stop() {
        uv_stop(raw)
    }

    /// Closes the loop; returns libuv's status (0 when every handle was closed).
    func close() -> Int32 {
        // Let pending close callbacks run first.
        uv_run(raw, UV_RUN_DEFAULT)
        let status = uv_loop_close(raw)
        if status == 0 { raw.deallocate() }
        return status
    }

    /// Monotonic nanoseconds (uv_hrtime).
    var nanoseconds: UInt64 { uv_hrtime() }
}
