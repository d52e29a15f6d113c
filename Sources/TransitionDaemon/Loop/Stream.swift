import CLibUV
import LocalSockets
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// A connected byte stream: a Unix-socket client, a pipe, a TCP socket or a TTY.
///
/// Reads are delivered as chunks to `onBytes`; the end of input (or an error) calls
/// `onEnd` once. Writes try `uv_try_write` first and queue the rest with `uv_write`.
final class Stream {
    private var owned: LoopHandle<uv_stream_t>!
    private var handle: UnsafeMutablePointer<uv_stream_t> { owned.raw }
    private var isOpen: Bool { owned.isOpen }
    private let readBuffer: UnsafeMutableRawBufferPointer
    var onBytes: ((UnsafeRawBufferPointer) -> Void)?
    /// Called once when reading ends: nil at end of input, else the libuv error.
    var onEnd: ((Int32?) -> Void)?
    /// Called once after the handle is closed.
    var onClosed: (() -> Void)?
    /// Called after a queued write completed (the backlog shrank).
    var onWriteCompleted: (() -> Void)?
    /// Called when a write fails after reading has ended (before that, a write error
    /// ends reading and arrives at `onEnd`): the peer is gone.
    var onWriteFailed: ((Int32) -> Void)?
    private var ended = false

    /// How the stream was opened, for logs.
    let kind: String

    /// Opens `fd` as a stream, by what it is; nil for regular files and other
    /// descriptors libuv cannot poll (the caller reads or writes those directly).
    static func open(loop: EventLoop, fd: Int32, readable: Bool) -> Stream? {
        switch uv_guess_handle(fd) {
        case UV_TTY:
            let tty = UnsafeMutablePointer<uv_tty_t>.allocate(capacity: 1)
            guard uv_tty_init(loop.raw, tty, fd, readable ? 1 : 0) == 0 else {
                tty.deallocate()
                return nil
            }
            return Stream(loop: loop, memory: UnsafeMutableRawPointer(tty), kind: "tty")
        case UV_NAMED_PIPE:
            let pipe = UnsafeMutablePointer<uv_pipe_t>.allocate(capacity: 1)
            guard uv_pipe_init(loop.raw, pipe, 0) == 0 else {
                pipe.deallocate()
                return nil
            }
            guard uv_pipe_open(pipe, fd) == 0 else {
                uv_close(asHandle(pipe)) { $0?.deallocate() }
                return nil
            }
            return Stream(loop: loop, memory: UnsafeMutableRawPointer(pipe), kind: "pipe")
        case UV_TCP:
            let tcp = UnsafeMutablePointer<uv_tcp_t>.allocate(capacity: 1)
            guard uv_tcp_init(loop.raw, tcp) == 0 else {
                tcp.deallocate()
                return nil
            }
            guard uv_tcp_open(tcp, uv_os_sock_t(fd)) == 0 else {
                uv_close(asHandle(tcp)) { $0?.deallocate() }
                return nil
            }
            return Stream(loop: loop, memory: UnsafeMutableRawPointer(tcp), kind: "tcp")
        default:
            return nil
        }
    }

    /// Wraps an initialised stream handle (allocated with `allocate`, freed here).
    init(loop: EventLoop, memory: UnsafeMutableRawPointer, kind: String) {
        self.kind = kind
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        owned = LoopHandle(loop: loop, owner: self, initialized: memory)
    }

    deinit {
        readBuffer.deallocate()
    }

    private static func owner(_ h: UnsafeMutablePointer<uv_stream_t>?) -> Stream? {
        LoopHandle.owner(of: h, as: Stream.self)
    }

    func startReading() {
        guard isOpen else { return }
        let status = uv_read_start(
            handle,
            { h, _, buf in
                guard let stream = Stream.owner(h.map(asStream)) else { return }
                buf?.pointee = uv_buf_init(
                    stream.readBuffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                    UInt32(stream.readBuffer.count))
            },
            { s, nread, _ in
                guard let stream = Stream.owner(s) else { return }
                stream.didRead(nread)
            })
        if status != 0 { finishReading(status) }
    }

    func stopReading() {
        if isOpen { uv_read_stop(handle) }
    }

    private func didRead(_ nread: Int) {
        if nread > 0 {
            onBytes?(UnsafeRawBufferPointer(rebasing: readBuffer[0..<nread]))
        } else if nread < 0 {
            // nread == 0 means "try again"; negative is the end or an error.
            finishReading(Int32(nread) == UV_EOF.rawValue ? nil : Int32(nread))
        }
    }

    private func finishReading(_ error: Int32?) {
        guard !ended else { return }
        ended = true
        if isOpen { uv_read_stop(handle) }
        onEnd?(error)
    }

    /// The user id of the process at the other end of a Unix socket (`PeerCredentials`).
    var peerUID: uid_t? {
        var fd = uv_os_fd_t()
        guard isOpen, uv_fileno(asHandle(handle), &fd) == 0 else { return nil }
        return PeerCredentials.of(fd)?.uid
    }

    /// Bytes queued in libuv, not yet written: the connection's backlog.
    var queuedBytes: Int {
        isOpen ? uv_stream_get_write_queue_size(handle) : 0
    }

    /// Writes the arrays one after the other (a `writev`), queueing what cannot be
    /// written at once; the queued part keeps the arrays, it does not copy them. A write
    /// error closes reading with that error.
    func write(_ chunks: [[UInt8]]) {
        let total = chunks.reduce(0) { $0 + $1.count }
        guard isOpen, total > 0 else { return }
        var written = 0
        if uv_stream_get_write_queue_size(handle) == 0 {
            var buffers = WriteRequest.buffers(chunks)
            let n = uv_try_write(handle, &buffers, UInt32(buffers.count))
            written = n > 0 ? Int(n) : 0
        }
        guard written < total else { return }
        let request = WriteRequest(chunks, skipping: written)
        let status = uv_write(
            request.request, handle, &request.buffers, UInt32(request.buffers.count)
        ) { req, status in
            let request = WriteRequest.take(req)
            // Find the stream before the request's memory goes.
            let stream = Stream.owner(req?.pointee.handle)
            request.free()
            guard let stream else { return }
            if status < 0 {
                stream.writeFailed(status)
            } else {
                stream.onWriteCompleted?()
            }
        }
        if status != 0 {
            WriteRequest.take(request.request).free()
            writeFailed(status)
        }
    }

    /// A write failed: the peer is gone. Reading ends with the error; if it had already
    /// ended (the client closed after its last request), the owner still hears of it, so
    /// a connection writing its last answers closes now instead of waiting its bound.
    private func writeFailed(_ status: Int32) {
        if ended {
            onWriteFailed?(status)
        } else {
            finishReading(status)
        }
    }

    /// Ends the outgoing direction once the queued writes are done (a TCP FIN, so the
    /// peer reads its end of input); reading goes on. The peer closes its side when it
    /// has read everything, and the handle is closed then: closing with unread input
    /// would make the kernel answer with a reset, which can destroy what the peer has
    /// not read yet (a WebSocket close frame, an HTTP response).
    func shutdownWriting() {
        guard isOpen, !writingShutDown else { return }
        writingShutDown = true
        let request = UnsafeMutablePointer<uv_shutdown_t>.allocate(capacity: 1)
        // The callback runs once, also when the handle closes first (UV_ECANCELED).
        if uv_shutdown(request, handle, { req, _ in req?.deallocate() }) != 0 {
            request.deallocate()
        }
    }

    private var writingShutDown = false

    /// Closes the handle; pending writes are cancelled. `onClosed` runs in the close
    /// callback.
    func close() {
        guard isOpen else { return }
        // Cancelled writes call back before the close callback: nobody listens any more.
        onBytes = nil
        onEnd = nil
        onWriteCompleted = nil
        onWriteFailed = nil
        uv_read_stop(handle)
        owned.close { [unowned self] in
            self.onClosed?()
            self.onClosed = nil
        }
    }
}
