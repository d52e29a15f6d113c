import LocalSockets
import ProcessSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// Starts the per-user shared daemon for `--remote=auto` when none answers.
///
/// Forwarders started at once take turns on a lock file beside the socket: the first
/// starts the daemon and waits until it answers; the others, once they hold the lock,
/// find it answering. A daemon started by other means that wins the bind makes ours
/// exit (the path is served), and the forwarder connects to the winner.
struct DaemonLauncher {
    let socketPath: String
    let runtimeDirectory: String
    let options: ForwarderOptions
    /// How long a started daemon may take to answer before the forwarder gives up.
    static let answerDeadlineSeconds = 30.0

    var lockPath: String { runtimeDirectory + "/transitiond.lock" }
    /// Where a started daemon logs (its standard error).
    var logPath: String { runtimeDirectory + "/transitiond.log" }

    /// A socket connected to the daemon at `socketPath`, started first when needed.
    func connect() throws(ForwarderFailure) -> Int32 {
        if let fd = try? UnixSocketConnector.connect(socketPath) { return fd }
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            throw ForwarderFailure("cannot open '\(lockPath)': \(String(cString: strerror(errno)))")
        }
        defer { close(lock) }  // releases the lock
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw ForwarderFailure(
                    "cannot lock '\(lockPath)': \(String(cString: strerror(errno)))")
            }
        }
        // Whoever held the lock before may have started it.
        if let fd = try? UnixSocketConnector.connect(socketPath) { return fd }
        let child = try spawnDaemon()
        let deadline = monotonicSeconds() + Self.answerDeadlineSeconds
        while true {
            if let fd = try? UnixSocketConnector.connect(socketPath) { return fd }
            var status: Int32 = 0
            if waitpid(child, &status, WNOHANG) == child {
                // It may have lost the bind to a daemon started by other means.
                if let fd = try? UnixSocketConnector.connect(socketPath) { return fd }
                let full = FilesystemSpace.fullness(of: runtimeDirectory).map { ": \($0)" } ?? ""
                throw ForwarderFailure(
                    "the daemon it started \(Self.describe(status: status)) before answering on '\(socketPath)'\(full); see \(logPath)"
                )
            }
            guard monotonicSeconds() < deadline else {
                throw ForwarderFailure(
                    "the daemon it started (pid \(child)) did not answer on '\(socketPath)' within \(Int(Self.answerDeadlineSeconds)) s; see \(logPath)"
                )
            }
            usleep(5_000)
        }
    }

    /// The arguments of the shared daemon (after the program name).
    var daemonArguments: [String] {
        [
            "--listen", socketPath, "--listen-timeout", "\(options.listenTimeoutMilliseconds)ms",
            "--log-level", options.logLevel,
        ]
    }

    /// Starts this executable as the daemon, detached: a session of its own (no terminal,
    /// no signals meant for the editor), standard input and output on /dev/null,
    /// standard error appended to the log, no other descriptor of ours.
    private func spawnDaemon() throws(ForwarderFailure) -> pid_t {
        guard let executable = ExecutablePath.current() else {
            throw ForwarderFailure("cannot find its own executable")
        }
        // The daemon keeps none of what the editor passed down (a pipe it holds would
        // hide the editor's exit).
        InheritedDescriptors.closeOnExecAbove2()
        // The daemon outlives this directory's editor: it must not keep it busy. The
        // forwarder needs no working directory (every path it uses is absolute).
        _ = chdir("/")
        var spawn = Spawn(path: executable, arguments: daemonArguments)
        spawn.standardInput = .null
        spawn.standardOutput = .null
        spawn.standardError = .appending(path: logPath)
        spawn.grouping = .ownSession
        do throws(Spawn.Failure) {
            return try spawn.start()
        } catch {
            throw ForwarderFailure("cannot start the daemon '\(executable)': \(error)")
        }
    }

    /// "exited with status 1", "was killed by signal 9".
    static func describe(status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0
            ? "exited with status \((status >> 8) & 0xff)" : "was killed by signal \(signal)"
    }

    private func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
