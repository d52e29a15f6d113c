import CLibUV

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
