#if canImport(Glibc)
    import Glibc
#endif

// A file description of the daemon's own for a descriptor it shares with its parent, so
// the log can make it non-blocking without changing it for the parent
// (`DescriptorReopening` in `Platform.swift` chooses one).

#if os(Linux)
    /// The Linux `DescriptorReopening`: `/proc/self/fd/N` opened again, non-blocking.
    enum ProcSelfFDReopening {
        /// A new, non-blocking, close-on-exec description of what `fd` writes to, or nil.
        static func nonBlockingWriter(for fd: Int32) -> Int32? {
            let own = open(
                "/proc/self/fd/\(fd)", O_WRONLY | O_APPEND | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            return own >= 0 ? own : nil
        }
    }
#endif

/// The portable `DescriptorReopening`: none (no /proc; macOS's `/dev/fd/N` duplicates
/// the descriptor and so shares its description). The log then waits for `poll` to
/// say the descriptor has room before each write (`DescriptorLog`).
enum NoReopening {
    static func nonBlockingWriter(for fd: Int32) -> Int32? { nil }
}
