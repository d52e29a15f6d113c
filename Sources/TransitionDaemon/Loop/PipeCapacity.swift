#if canImport(Glibc)
    import Glibc
#endif

/// A pipe's capacity is 64 KiB by default, less than one tick of 216 attributes and its
/// reply: a client reading them would wake the daemon several times per tick, each
/// time for a write of a few kilobytes. Asking for the most an unprivileged process may
/// have (`/proc/sys/fs/pipe-max-size`, 1 MiB by default) lets a tick go in one write.
enum PipeCapacity {
    /// Linux's `F_SETPIPE_SZ` (not exported by Glibc's module).
    private static let setPipeSize: Int32 = 1031
    static let wanted: Int32 = 1 << 20

    /// Enlarges `fd`'s pipe; anything else (a file, a socket, a terminal) is left alone,
    /// and a refusal (a lower system limit) keeps the capacity it had.
    static func enlarge(_ fd: Int32) {
        #if os(Linux)
            var status = stat()
            guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return }
            _ = fcntl(fd, setPipeSize, wanted)
        #endif
    }
}
