#if canImport(Glibc)
    import Glibc
#endif

/// How to start a child process with `posix_spawn`: its program and arguments, where
/// its standard streams go, its process group or session, and its environment. The one
/// place the daemon's launcher, transitionctl and the benchmark start processes.
public struct Spawn {
    /// Where a standard stream of the child goes.
    public enum Stream {
        /// Ours, shared.
        case inherited
        /// `/dev/null`.
        case null
        /// A descriptor of ours (duplicated onto the stream).
        case descriptor(Int32)
        /// A file opened for appending (created 0600 when missing).
        case appending(path: String)
    }

    /// What the child is to the terminal's signals.
    public enum Grouping {
        /// Our process group.
        case ours
        /// A process group of its own: a Ctrl-C typed in the terminal does not reach it.
        case ownGroup
        /// A session of its own (`setsid`): no terminal, no signals meant for ours.
        case ownSession
    }

    public var path: String
    public var arguments: [String]
    public var standardInput = Stream.inherited
    public var standardOutput = Stream.inherited
    public var standardError = Stream.inherited
    public var grouping = Grouping.ours
    /// Entries (`NAME=value`) added to ours, replacing ours of the same name.
    public var environment: [String] = []
    /// Whether signals ignored here stay ignored in the child (by default SIGPIPE,
    /// SIGINT, SIGTERM and SIGHUP go back to their default actions).
    public var keepsIgnoredSignals = false

    public init(path: String, arguments: [String]) {
        self.path = path
        self.arguments = arguments
    }

    /// Why a process could not be started.
    public struct Failure: Error, CustomStringConvertible {
        public var code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    /// Starts the child with no signal blocked (and SIGPIPE, SIGINT, SIGTERM and SIGHUP
    /// back to their defaults unless `keepsIgnoredSignals`); returns its pid.
    public func start() throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, stream) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            switch stream {
            case .inherited:
                break
            case .null:
                posix_spawn_file_actions_addopen(
                    &actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let own):
                posix_spawn_file_actions_adddup2(&actions, own, fd)
            case .appending(let path):
                posix_spawn_file_actions_addopen(
                    &actions, fd, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var flags = POSIX_SPAWN_SETSIGMASK | (keepsIgnoredSignals ? 0 : POSIX_SPAWN_SETSIGDEF)
        switch grouping {
        case .ours:
            break
        case .ownGroup:
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        case .ownSession:
            flags |= Self.spawnSetSID
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let envp: [UnsafeMutablePointer<CChar>?] = childEnvironment().map { strdup($0) } + [nil]
        defer { for p in envp { free(p) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw Failure(code: rc) }
        return child
    }

    /// Ours, with `environment`'s entries replacing ours of the same name (getenv finds
    /// the first).
    private func childEnvironment() -> [String] {
        let overridden = Set(environment.map { $0.prefix { $0 != "=" } })
        var inherited: [String] = []
        var entry = environ
        while let text = entry.pointee.map({ String(cString: $0) }) {
            if !overridden.contains(text.prefix { $0 != "=" }) { inherited.append(text) }
            entry += 1
        }
        return inherited + environment
    }

    /// `POSIX_SPAWN_SETSID`: the child calls `setsid`. glibc hides it behind
    /// `_GNU_SOURCE`, so its value is written here; other systems' headers give theirs.
    #if os(Linux)
        private static let spawnSetSID: Int32 = 0x80
    #else
        private static let spawnSetSID = Int32(POSIX_SPAWN_SETSID)
    #endif

    /// A pipe whose two ends close on exec (a child gets only the ends it is given).
    public static func pipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard Glibc.pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}
