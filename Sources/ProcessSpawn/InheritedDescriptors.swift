#if canImport(Glibc)
    import Glibc
#endif

// Marking every descriptor but 0, 1 and 2 close-on-exec before a detached child is
// started, so it keeps none of what our parent passed down (a pipe of an editor's kept
// open would hide the editor's exit); `InheritedDescriptors` in `Platform.swift` chooses
// how the open descriptors are found.

#if os(Linux)
    /// The Linux `InheritedDescriptors`: the entries of `/proc/self/fd`, only the open ones.
    public enum ProcSelfFDList {
        public static func closeOnExecAbove2() {
            guard let dir = opendir("/proc/self/fd") else {
                return DescriptorRangeScan.closeOnExecAbove2()
            }
            defer { closedir(dir) }
            let own = dirfd(dir)
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                guard let fd = Int32(name), fd > 2, fd != own else { continue }
                DescriptorRangeScan.markCloseOnExec(fd)
            }
        }
    }
#endif

/// The portable `InheritedDescriptors`: every number from 3 up to the limit on open
/// files (`_SC_OPEN_MAX`, at most 2^20 of them), asked with `fcntl`; the numbers that
/// are not open fail fast with `EBADF`.
public enum DescriptorRangeScan {
    public static func closeOnExecAbove2() {
        let limit = sysconf(Int32(_SC_OPEN_MAX))
        let end = Int32(limit > 0 ? Swift.min(limit, 1 << 20) : 1024)
        guard end > 3 else { return }
        for fd in 3..<end { markCloseOnExec(fd) }
    }

    static func markCloseOnExec(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFD)
        if flags >= 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
    }
}
