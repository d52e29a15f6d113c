import CLibUV

/// Casts between libuv handle structs, which share `uv_handle_t`'s layout at the start.
@inline(__always)
func asHandle<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_handle_t> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: uv_handle_t.self)
}

@inline(__always)
func asStream<T>(_ p: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_stream_t> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: uv_stream_t.self)
}
