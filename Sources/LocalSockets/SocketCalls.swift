#if canImport(Glibc)
    import Glibc
#endif

// Opening a close-on-exec Unix stream socket, and the flag that keeps a send to a closed
// peer from raising SIGPIPE (`CloseOnExecSocket` and `NoSignalSend` in `Platform.swift`
// choose them).

#if os(Linux)
    /// The Linux `CloseOnExecSocket`: `SOCK_CLOEXEC`, atomic with the socket's creation.
    package enum AtomicCloseOnExecSocket {
        /// A Unix stream socket that is closed on exec, or -1 with `errno` set.
        package static func unixStream() -> Int32 {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
    }

    /// The Linux `NoSignalSend`: `MSG_NOSIGNAL` on each send.
    package enum MSGNoSignal {
        package static let flags = Int32(MSG_NOSIGNAL)
    }
#endif

/// The portable `CloseOnExecSocket`: `socket`, then `FD_CLOEXEC` (macOS has no
/// `SOCK_CLOEXEC`; a process that spawns from another thread in between could pass it
/// on, which neither the daemon, the forwarder nor transitionctl does).
package enum FcntlCloseOnExecSocket {
    /// A Unix stream socket that is closed on exec, or -1 with `errno` set.
    package static func unixStream() -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return fd }
        guard fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 else {
            let code = errno
            close(fd)
            errno = code
            return -1
        }
        return fd
    }
}

/// The portable `NoSignalSend`: no flag. Every process of the project that sends on a
/// socket ignores SIGPIPE (the daemon and the forwarder at start, transitionctl with its
/// signal handlers), so a closed peer is an `EPIPE`.
package enum SIGPIPEIgnored {
    package static let flags: Int32 = 0
}
