#if canImport(Glibc)
    import Glibc
#endif

/// Whether a filesystem has room left, for the forwarder's reports.
enum FilesystemSpace {
    /// "the filesystem of '<directory>' is full (no space|no inodes left)", or nil when
    /// it has room (or cannot be asked).
    static func fullness(of directory: String) -> String? {
        var info = statvfs()
        guard statvfs(directory, &info) == 0 else { return nil }
        if info.f_bavail == 0 {
            return "the filesystem of '\(directory)' is full (no space left)"
        }
        if info.f_files > 0 && info.f_favail == 0 {
            return "the filesystem of '\(directory)' is full (no inodes left)"
        }
        return nil
    }
}
