#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`, its standard input and output connected
/// to pipes; its standard error is shared with ours.
///
/// The child gets a process group of its own, so a Ctrl-C typed in the terminal reaches
/// only `transitionctl`, which then shuts the daemon down in order.
final class ChildProcess {
    let pid: pid_t
    /// Our end of the child's standard input.
    private(set) var input: Int32
    /// Our end of the child's standard output.
    private(set) var output: Int32
    /// The wait status once reaped.
    private(set) var status: Int32?

    /// Starts `path` with `arguments` (without the program name).
    /// - Throws: `Failure` when the pipes or the spawn fail.
    init(path: String, arguments: [String]) throws(Failure) {
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard ChildProcess.pipe(&toChild) else {
            throw Failure("cannot create a pipe: \(FileDescriptor.errorText)")
        }
        guard ChildProcess.pipe(&fromChild) else {
            close(toChild[0])
            close(toChild[1])
            throw Failure("cannot create a pipe: \(FileDescriptor.errorText)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard rc == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw Failure("cannot start '\(path)': \(String(cString: strerror(rc)))")
        }
        pid = child
        input = toChild[1]
        output = fromChild[0]
    }

    /// A pipe whose two ends close on exec (the child gets only the ends it is given).
    private static func pipe(_ fds: inout [Int32]) -> Bool {
        guard Glibc.pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Closes our end of the child's standard input (it reads end of file).
    func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    /// Waits up to `timeout` seconds for the child to exit; then sends SIGTERM and, after
    /// another second, SIGKILL, so that no child outlives us.
    /// - Returns: The exit code (128 + signal when killed).
    @discardableResult
    func reap(timeout: Double) -> Int32 {
        closeInput()
        if status == nil, !waitUntil(MonotonicClock.now + timeout) {
            kill(pid, SIGTERM)
            if !waitUntil(MonotonicClock.now + 1) {
                kill(pid, SIGKILL)
                _ = waitUntil(nil)
            }
        }
        if output >= 0 {
            close(output)
            output = -1
        }
        return exitCode ?? 1
    }

    /// The exit code once reaped: the status, or 128 + the signal that killed it.
    var exitCode: Int32? {
        guard let status else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Reaps the child without blocking if it has exited.
    func poll() -> Bool {
        if status != nil { return true }
        var s: Int32 = 0
        let r = waitpid(pid, &s, WNOHANG)
        if r == pid { status = s }
        return status != nil
    }

    /// Polls until the child exits or `deadline` passes (`nil`: block).
    private func waitUntil(_ deadline: Double?) -> Bool {
        if deadline == nil {
            var s: Int32 = 0
            while waitpid(pid, &s, 0) < 0 && errno == EINTR {}
            status = s
            return true
        }
        while !poll() {
            if let deadline, MonotonicClock.now >= deadline { return false }
            usleep(5_000)
        }
        return true
    }

    deinit {
        if status == nil { reap(timeout: 0.5) }
    }
}
