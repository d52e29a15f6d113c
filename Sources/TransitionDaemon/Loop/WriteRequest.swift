import CLibUV

/// The memory of one `uv_write`: the request and the arrays its buffers point into,
/// alive until its callback.
final class WriteRequest {
    let request: UnsafeMutablePointer<uv_write_t>
    var buffers: [uv_buf_t]
    /// The bytes `buffers` point into, kept until the write completes.
    private let held: [ArraySlice<UInt8>]

    /// The unwritten part of `chunks`, after the first `written` bytes.
    init(_ chunks: [[UInt8]], skipping written: Int) {
        var skip = written
        var rest: [ArraySlice<UInt8>] = []
        for chunk in chunks {
            if skip >= chunk.count {
                skip -= chunk.count
                continue
            }
            rest.append(chunk[skip...])
            skip = 0
        }
        held = rest
        buffers = rest.map(Self.buffer)
        request = .allocate(capacity: 1)
        request.pointee.data = Unmanaged.passRetained(self).toOpaque()
    }

    /// libuv buffers over `chunks`, empty ones left out. The arrays are not modified
    /// while the buffers are in use, so their storage stays where it is.
    static func buffers(_ chunks: [[UInt8]]) -> [uv_buf_t] {
        chunks.compactMap { $0.isEmpty ? nil : buffer($0[...]) }
    }

    private static func buffer(_ bytes: ArraySlice<UInt8>) -> uv_buf_t {
        bytes.withUnsafeBufferPointer {
            uv_buf_init(
                UnsafeMutableRawPointer(mutating: $0.baseAddress!).assumingMemoryBound(
                    to: CChar.self),
                UInt32($0.count))
        }
    }

    /// The request's owner, released from the request.
    static func take(_ req: UnsafeMutablePointer<uv_write_t>?) -> WriteRequest {
        Unmanaged<WriteRequest>.fromOpaque(req!.pointee.data).takeRetainedValue()
    }

    func free() {
        request.deallocate()
    }
}
