import CLibUV
import TransitionService

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
