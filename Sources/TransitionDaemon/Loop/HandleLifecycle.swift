import CLibUV

/// What every handle shares, whatever its libuv type (C callbacks cannot be generic).
class HandleLifecycle {
    enum State {
        case open
        case closing
        case closed
    }

    let loop: EventLoop
    private(set) var state = State.open
    private let memory: UnsafeMutableRawPointer
    private var owner: Unmanaged<AnyObject>?
    private var onClose: (() -> Void)?

    init(loop: EventLoop, owner: AnyObject, memory: UnsafeMutableRawPointer) {
        self.loop = loop
        self.memory = memory
        self.owner = Unmanaged.passRetained(owner)
        memory.assumingMemoryBound(to: uv_handle_t.self).pointee.data = Unmanaged.passUnretained(
            self
        ).toOpaque()
    }

    deinit {
        assert(state == .closed, "a libuv handle must be closed before its owner is released")
    }

    var isOpen: Bool { state == .open }

    @inline(__always)
    static func owner<Owner: AnyObject>(of memory: UnsafeMutableRawPointer, as type: Owner.Type)
        -> Owner?
    {
        guard let data = memory.assumingMemoryBound(to: uv_handle_t.self).pointee.data else {
            return nil
        }
        let handle = Unmanaged<HandleLifecycle>.fromOpaque(data).takeUnretainedValue()
        guard handle.state == .open, let owner = handle.owner else { return nil }
        return unsafeDowncast(owner.takeUnretainedValue(), to: Owner.self)
    }

    /// Closes the handle; `closed` runs in the close callback, before the owner is
    /// released. Closing twice does nothing.
    func close(then closed: (() -> Void)? = nil) {
        loop.assertOnLoopThread()
        guard state == .open else { return }
        state = .closing
        onClose = closed
        uv_close(memory.assumingMemoryBound(to: uv_handle_t.self)) { h in
            guard let data = h?.pointee.data else { return }
            Unmanaged<HandleLifecycle>.fromOpaque(data).takeUnretainedValue().didClose()
        }
    }

    private func didClose() {
        state = .closed
        onClose?()
        onClose = nil
        memory.deallocate()
        let owner = self.owner
        self.owner = nil
        // The owner may go now, and this with it, once the callback returns.
        withExtendedLifetime(self) { owner?.release() }
    }
}
