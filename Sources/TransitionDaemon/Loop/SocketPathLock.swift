#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on `<socket path>.lock`, held while a daemon owns the socket path.
/// Without it, two daemons started at once on one path could each find the other's
/// socket bound but not yet listening, take it for stale, and replace it: both would
/// run, one of them unreachable. The lock file is removed with the socket.
final class SocketPathLock {
    let path: String
    private var fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    /// Takes the lock of `socketPath`.
    /// - Returns: nil when the lock file cannot be created (the bind that follows says
    ///   why, in the same terms as without a lock).
    /// - Throws: `daemonAlive` when another daemon holds it.
    static func acquire(for socketPath: String) throws(ListenError) -> SocketPathLock? {
        let path = socketPath + ".lock"
        // A holder that removed the file as this one opened it leaves a lock on a file
        // nobody else sees: lock again, on the file at the path.
        for _ in 0..<8 {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else { return nil }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let busy = errno == EWOULDBLOCK
                close(fd)
                if busy { throw .daemonAlive(path: socketPath) }
                return nil
            }
            var held = stat()
            var named = stat()
            if fstat(fd, &held) == 0, stat(path, &named) == 0, held.st_dev == named.st_dev,
                held.st_ino == named.st_ino
            {
                return SocketPathLock(path: path, fd: fd)
            }
            close(fd)
        }
        return nil
    }

    /// Removes the lock file, then lets go of the lock.
    func release() {
        guard fd >= 0 else { return }
        unlink(path)
        close(fd)
        fd = -1
    }

    deinit { release() }
}
