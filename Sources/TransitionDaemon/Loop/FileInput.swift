import CLibUV
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a descriptor libuv cannot poll (a regular file, /dev/null) with `uv_fs_read`,
/// chunk by chunk, so stdin redirected from a file works like a pipe.
final class FileInput {
    private let loop: EventLoop
    private let fd: Int32
    private let request: UnsafeMutablePointer<uv_fs_t>
    private let buffer: UnsafeMutableRawBufferPointer
    private var bufferDescriptor: uv_buf_t
    var onBytes: ((UnsafeRawBufferPointer) -> Void)?
    var onEnd: ((Int32?) -> Void)?
    private var reading = false
    private var stopped = false

    init(loop: EventLoop, fd: Int32) {
        self.loop = loop
        self.fd = fd
        request = .allocate(capacity: 1)
        buffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        bufferDescriptor = uv_buf_init(
            buffer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(buffer.count))
    }

    deinit {
        request.deallocate()
        buffer.deallocate()
    }

    func startReading() {
        guard !reading, !stopped else { return }
        reading = true
        request.pointee.data = Unmanaged.passRetained(self).toOpaque()
        let status = uv_fs_read(loop.raw, request, uv_file(fd), &bufferDescriptor, 1, -1) { req in
            guard let req else { return }
            let input = Unmanaged<FileInput>.fromOpaque(req.pointee.data).takeRetainedValue()
            let result = req.pointee.result
            uv_fs_req_cleanup(req)
            input.reading = false
            input.didRead(Int(result))
        }
        if status != 0 {
            Unmanaged<FileInput>.fromOpaque(request.pointee.data).release()
            reading = false
            finish(status)
        }
    }

    private func didRead(_ n: Int) {
        guard !stopped else { return }
        if n > 0 {
            onBytes?(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            startReading()
        } else {
            finish(n == 0 ? nil : Int32(n))
        }
    }

    private func finish(_ error: Int32?) {
        guard !stopped else { return }
        stopped = true
        let end = onEnd
        onBytes = nil
        onEnd = nil
        end?(error)
    }

    /// Stops delivering; a read in progress completes and is dropped.
    func stop() {
        stopped = true
        onBytes = nil
        onEnd = nil
    }
}
