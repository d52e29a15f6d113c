import CLibUV
import TransitionService

/// A libuv call that failed, with its status.
struct UVFailure: Error, CustomStringConvertible {
    var call: String
    var status: Int32
    var description: String { "\(call) failed: \(UVError.describe(status))" }
}

/// The memory and lifecycle of one libuv handle, shared by every wrapper: allocated and
/// initialised here; while open, its owner (the Swift object its callbacks reach) is
/// retained for libuv; the close callback releases the owner and frees the memory.
final class LoopHandle<Raw>: HandleLifecycle {
    let raw: UnsafeMutablePointer<Raw>

    /// Allocates a handle and runs libuv's init on it; throws (freeing the memory) when
    /// the init fails.
    init(
        loop: EventLoop, owner: AnyObject, _ call: String,
        _ initialize: (UnsafeMutablePointer<Raw>) -> Int32
    ) throws(UVFailure) {
        loop.assertOnLoopThread()
        let raw = UnsafeMutablePointer<Raw>.allocate(capacity: 1)
        let status = initialize(raw)
        guard status == 0 else {
            raw.deallocate()
            throw UVFailure(call: call, status: status)
        }
        self.raw = raw
        super.init(loop: loop, owner: owner, memory: UnsafeMutableRawPointer(raw))
    }

    /// Takes over a handle that is already initialised (allocated with `allocate`).
    init(loop: EventLoop, owner: AnyObject, initialized memory: UnsafeMutableRawPointer) {
        raw = memory.assumingMemoryBound(to: Raw.self)
        super.init(loop: loop, owner: owner, memory: memory)
    }

    /// The owner of the handle a callback got, while it is open.
    @inline(__always)
    static func owner<Owner: AnyObject>(of pointer: UnsafeMutablePointer<Raw>?, as type: Owner.Type)
        -> Owner?
    {
        guard let pointer else { return nil }
        return HandleLifecycle.owner(of: UnsafeMutableRawPointer(pointer), as: type)
    }
}

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
