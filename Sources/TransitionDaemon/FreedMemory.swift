import CLibUV

#if canImport(Glibc)
    import Glibc
#endif

// Giving the allocator's freed memory back to the system after a large session or
// message (`FreedMemory` in `Platform.swift` chooses one).

#if os(Linux) && canImport(Glibc)
    /// The Linux `FreedMemory`: glibc keeps freed memory for reuse, so a large session's
    /// arrays (per-item sizes, frames) or a large message's parse would otherwise stay in
    /// the daemon's RSS; `malloc_trim` returns it.
    enum MallocTrim {
        static func giveBack() { malloc_trim(0) }
    }
#endif

/// The portable `FreedMemory`: nothing to call. `malloc_trim` is glibc's; other
/// allocators (macOS's zones, the BSDs' jemalloc) return large freed blocks by themselves.
enum NoMallocTrim {
    static func giveBack() {}
}
