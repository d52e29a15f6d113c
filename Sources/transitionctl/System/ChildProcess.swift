import ProcessSpawn

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
        guard let toChild = Spawn.pipe() else {
            throw Failure("cannot create a pipe: \(FileDescriptor.errorText)")
        }
        guard let fromChild = Spawn.pipe() else {
            close(toChild.read)
            close(toChild.write)
            throw Failure("cannot create a pipe: \(FileDescriptor.errorText)")
        }
        var spawn = Spawn(path: path, arguments: arguments)
        spawn.standardInput = .descriptor(toChild.read)
        spawn.standardOutput = .descriptor(fromChild.write)
        spawn.grouping = .ownGroup
        let started: Result<pid_t, Spawn.Failure>
        do throws(Spawn.Failure) {
            started = .success(try spawn.start())
        } catch {
            started = .failure(error)
        }
        close(toChild.read)
        close(fromChild.write)
        switch started {
        case .success(let child):
            pid = child
            input = toChild.write
            output = fromChild.read
        case .failure(let failure):
            close(toChild.write)
            close(fromChild.read)
            throw Failure("cannot start '\(path)': \(failure)")
        }
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
