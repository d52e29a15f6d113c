import JSONRPC
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// The state files of the durable sessions (named, `keepAlive`), one per session in a
/// private directory: restored when the daemon starts, written after each change at rest,
/// removed at `session/dispose`. The service says what to write
/// (`SessionStateChange`, `SessionState`); this does the file work.
///
/// - Each write is atomic: the bytes go to a hidden temporary file (0600) in the same
///   directory, which is `fsync`ed and renamed over the state file; then the directory
///   is `fsync`ed, so after a crash the file is either the old state or the new one.
/// - The directory is created 0700 (its parents 0700 as the XDG specification asks) and
///   must be a real directory of this user's; one with wider access is narrowed to 0700.
/// - A file that cannot be restored (unreadable, not a regular file, over the message
///   limit, not a state, a name its file name does not match, refused by the host) is
///   renamed with `.corrupt` added and logged with its reason; the others are restored.
/// - Only the daemon that owns the socket keeps state (it restores after binding it), so
///   two daemons started at once on one socket never both write; and a daemon holds an
///   exclusive lock on the directory's `.lock` while it keeps state there, so two
///   daemons on different sockets never both write one directory (the second keeps none).
///
/// - Important: blocking file I/O on the loop thread: a write is one small file and two
///   `fsync`s, after a change at rest (never on a tick).
final class SessionStateStore {
    let directory: String
    private let logger: Logger
    private let limits: ServiceLimits
    /// The directory, open for `fsync` after each rename or removal.
    private let directoryFD: Int32
    /// `.lock` in the directory, held (`flock`) while this daemon keeps state there.
    private let lockFD: Int32
    /// The lock file's name in the directory (not a state file: restoring passes it over).
    static let lockFileName = ".lock"

    private init(
        directory: String, directoryFD: Int32, lockFD: Int32, logger: Logger,
        limits: ServiceLimits
    ) {
        self.directory = directory
        self.directoryFD = directoryFD
        self.lockFD = lockFD
        self.logger = logger
        self.limits = limits
    }

    deinit {
        close(lockFD)
        close(directoryFD)
    }

    /// Opens (creating it if need be) the directory `choice` names.
    /// - Returns: nil for `--no-state`.
    static func open(_ choice: StateDirectoryChoice, logger: Logger, limits: ServiceLimits)
        throws(StateStoreError) -> SessionStateStore?
    {
        guard let resolved = choice.resolved() else { return nil }
        let directory = try resolved.get()
        try makePrivateDirectory(directory)
        let fd = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("cannot open", directory) }
        let lock = directory + "/" + lockFileName
        let lockFD = Glibc.open(lock, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lockFD >= 0 else {
            let error = failure("cannot open", lock)
            close(fd)
            throw error
        }
        guard flock(lockFD, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let error =
                busy
                ? StateStoreError(
                    description:
                        "another daemon keeps durable sessions in '\(directory)' (it holds \(lock))"
                ) : failure("cannot lock", lock)
            close(lockFD)
            close(fd)
            throw error
        }
        return SessionStateStore(
            directory: directory, directoryFD: fd, lockFD: lockFD, logger: logger, limits: limits)
    }

    // MARK: Restoring

    /// Restores every state file into `host`, in file-name order, up to `--max-sessions`;
    /// sets aside those that cannot be restored and removes temporary files a crash left.
    /// - Returns: how many sessions were restored.
    @discardableResult
    func restore(into host: SessionHost, now: UInt64) -> Int {
        var restored = 0
        var leftOver = 0
        for name in fileNames() {
            if name.hasPrefix("."), name.hasSuffix(SessionStateFile.temporarySuffix) {
                unlink(path(name))  // a write a crash interrupted: the state file is intact
                continue
            }
            guard SessionStateFile.isStateFile(name) else { continue }
            guard restored < limits.maxSessionsPerConnection else {
                leftOver += 1
                continue
            }
            switch load(name) {
            case .success(let state):
                do throws(ResponseError) {
                    let id = try host.restore(state, now: now)
                    restored += 1
                    logger.info("restored session '\(state.name)' as \(id) from \(path(name))")
                } catch {
                    setAside(name, reason: Self.describe(error))
                }
            case .failure(let error):
                setAside(name, reason: error.reason)
            }
        }
        if leftOver > 0 {
            logger.warning(
                "\(leftOver) more state files in \(directory) were left as they are: at most \(limits.maxSessionsPerConnection) sessions are restored (--max-sessions)"
            )
        }
        fsync(directoryFD)
        return restored
    }

    /// Reads and decodes one state file.
    private func load(_ name: String) -> Result<SessionState, SessionStateError> {
        let fd = Glibc.open(path(name), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            return .failure(SessionStateError(reason: Self.errnoText("cannot open")))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return .failure(SessionStateError(reason: "not a regular file"))
        }
        let size = Int(info.st_size)
        guard size <= limits.maxMessageBytes else {
            return .failure(
                SessionStateError(
                    reason:
                        "\(size) bytes, over the message limit of \(limits.maxMessageBytes) (--max-message-bytes)"
                ))
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let n = bytes.withUnsafeMutableBytes {
                Glibc.read(fd, $0.baseAddress! + offset, size - offset)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                return .failure(SessionStateError(reason: Self.errnoText("cannot read")))
            }
            offset += n
        }
        let state: SessionState
        do {
            state = try SessionState(decoding: bytes, maximumDepth: limits.maxDepth)
        } catch {
            return .failure(error)
        }
        guard SessionStateFile.fileName(for: state.name) == name else {
            return .failure(
                SessionStateError(
                    reason:
                        "it holds session '\(state.name)', whose file is \(SessionStateFile.fileName(for: state.name))"
                ))
        }
        return .success(state)
    }

    /// Renames `name` with `.corrupt` added (replacing an older one), and logs why.
    private func setAside(_ name: String, reason: String) {
        let aside = name + SessionStateFile.corruptSuffix
        if rename(path(name), path(aside)) == 0 {
            logger.error("cannot restore \(path(name)): \(reason); set aside as \(aside)")
        } else {
            logger.error(
                "cannot restore \(path(name)): \(reason); \(Self.errnoText("cannot set it aside"))")
        }
    }

    // MARK: Writing

    /// Writes or removes the files of these changes, in order.
    func apply(_ changes: [SessionStateChange]) {
        for change in changes {
            switch change {
            case .write(let name, let bytes):
                do throws(StateStoreError) {
                    try write(bytes, to: SessionStateFile.fileName(for: name))
                } catch {
                    logger.error("cannot keep the state of session '\(name)': \(error)")
                }
            case .remove(let name):
                let file = path(SessionStateFile.fileName(for: name))
                if unlink(file) == 0 {
                    fsync(directoryFD)
                } else if errno != ENOENT {
                    logger.error("cannot remove \(file): \(Self.errnoText(""))")
                }
            }
        }
    }

    /// Replaces `fileName` with `bytes` atomically (temporary file, fsync, rename, the
    /// directory fsynced).
    private func write(_ bytes: [UInt8], to fileName: String) throws(StateStoreError) {
        let temporary = path("." + fileName + SessionStateFile.temporarySuffix)
        let fd = Glibc.open(
            temporary, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.failure("cannot create", temporary) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let error = Self.failure("cannot write", temporary)
                close(fd)
                unlink(temporary)
                throw error
            }
            offset += n
        }
        guard fsync(fd) == 0 else {
            let error = Self.failure("cannot fsync", temporary)
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path(fileName)) == 0 else {
            let error = Self.failure("cannot rename over", path(fileName))
            unlink(temporary)
            throw error
        }
        fsync(directoryFD)
    }

    // MARK: Helpers

    private func path(_ name: String) -> String { directory + "/" + name }

    /// The names in the directory, sorted (so restoring does not depend on its order).
    private func fileNames() -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Creates `directory` (and its missing parents) 0700; insists it is a directory of
    /// this user's, narrowing its mode to 0700.
    private static func makePrivateDirectory(_ directory: String) throws(StateStoreError) {
        var prefix = ""
        for part in directory.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0, errno != EEXIST {
                throw failure("cannot create", prefix)
            }
        }
        var info = stat()
        guard lstat(directory, &info) == 0 else { throw failure("cannot inspect", directory) }
        guard (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid() else {
            throw StateStoreError(
                description: "'\(directory)' is not a directory owned by uid \(geteuid())")
        }
        if (info.st_mode & 0o077) != 0, chmod(directory, 0o700) != 0 {
            throw failure("cannot make 0700", directory)
        }
    }

    /// A refusal as a log reason: its message, and the field and reason it names.
    private static func describe(_ error: ResponseError) -> String {
        guard let field = error.data?["field"]?.stringValue,
            let reason = error.data?["reason"]?.stringValue
        else { return error.message }
        return "\(error.message) (\(field): \(reason))"
    }

    private static func failure(_ what: String, _ path: String) -> StateStoreError {
        StateStoreError(description: errnoText("\(what) '\(path)'"))
    }

    private static func errnoText(_ what: String) -> String {
        let reason = String(cString: strerror(errno))
        return what.isEmpty ? reason : "\(what): \(reason)"
    }
}
