import LocalSockets
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's log: lines with its pid and the wall-clock time, written to a
/// descriptor (standard error, or a log file opened for appending).
///
/// It never blocks the loop: a pipe, socket or terminal is written without blocking
/// (standard error reopened non-blocking through /proc, so the descriptor the daemon
/// shares with its parent keeps its mode; where that is not possible, each write of at
/// most 512 bytes waits for `poll` to say there is room; a socket with `MSG_DONTWAIT`),
/// and what it does not take waits in a `LogBacklog` (64 KiB), past which lines are
/// dropped and counted; the count is logged once the reader catches up. An editor that never reads
/// the daemon's standard error cannot stop it. A regular file is written directly.
final class DescriptorLog: LogSink {
    private enum Writing {
        /// A regular file: writes do not wait for a reader.
        case direct
        /// A pipe or terminal, opened again with O_NONBLOCK.
        case nonBlocking
        /// A pipe or terminal that could not be opened again (no /proc): written only
        /// when `poll` says it has room, at most `polledChunk` bytes at a time.
        case polled
        /// A socket: each send says MSG_DONTWAIT.
        case socket
    }

    private let fd: Int32
    /// POSIX's least `PIPE_BUF`: a pipe that `poll` calls writable takes this much
    /// without blocking (the write is atomic, and there is at least that much room).
    private static let polledChunk = 512
    private let writing: Writing
    private var backlog = LogBacklog()

    /// Writes to `fd` (2 for standard error).
    init(fd: Int32 = 2) {
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            (self.fd, writing) = (fd, .direct)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK:
            (self.fd, writing) = (fd, .socket)
        case S_IFIFO, S_IFCHR:
            // A description of its own: O_NONBLOCK on fd 2's would change it for every
            // process sharing it (the editor, the shell).
            if let own = DescriptorReopening.nonBlockingWriter(for: fd) {
                (self.fd, writing) = (own, .nonBlocking)
            } else {
                (self.fd, writing) = (fd, .polled)
            }
        default:
            (self.fd, writing) = (fd, .direct)
        }
    }

    /// Opens `path` for appending.
    static func file(_ path: String) -> DescriptorLog? {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        return fd < 0 ? nil : DescriptorLog(fd: fd)
    }

    var isHoldingLines: Bool { !backlog.isEmpty || backlog.dropped > 0 }

    func write(_ level: LogLevel, _ message: String) {
        let line = Array(Self.format(level, message).utf8)
        guard backlog.isEmpty else {
            backlog.append(line: line[...])
            flush()
            return
        }
        let written = send(line[...])
        if written < line.count { backlog.appendRest(line[written...]) }
    }

    func flush() {
        while !backlog.isEmpty {
            let pending = backlog.pending
            let written = send(pending)
            backlog.consume(written)
            if written < pending.count { return }
        }
        let dropped = backlog.takeDropped()
        guard dropped > 0 else { return }
        write(.warning, "\(dropped) log lines dropped: the log's reader did not keep up")
    }

    /// Writes what the descriptor takes now; returns how many bytes it took.
    private func send(_ bytes: ArraySlice<UInt8>) -> Int {
        var offset = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let rest = raw.count - offset
                let n: Int
                switch writing {
                case .socket:
                    n = Glibc.send(
                        fd, raw.baseAddress! + offset, rest,
                        Int32(MSG_DONTWAIT) | NoSignalSend.flags)
                case .direct, .nonBlocking:
                    n = Glibc.write(fd, raw.baseAddress! + offset, rest)
                case .polled:
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    guard poll(&ready, 1, 0) == 1, ready.revents & Int16(POLLOUT) != 0 else {
                        return
                    }
                    n = Glibc.write(
                        fd, raw.baseAddress! + offset, Swift.min(rest, Self.polledChunk))
                }
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    // Full (EAGAIN) or failed: what is left waits, or is dropped later.
                    return
                }
            }
        }
        return offset
    }

    private static func format(_ level: LogLevel, _ message: String) -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        let milliseconds = String(ts.tv_nsec / 1_000_000)
        let padded = String(repeating: "0", count: max(0, 3 - milliseconds.count)) + milliseconds
        return "transitiond[\(getpid())] \(ts.tv_sec).\(padded) \(level.name): \(message)\n"
    }
}
