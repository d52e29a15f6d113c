#if canImport(Glibc)
    import Glibc
#endif

/// Where the socket goes when `--listen` names no path: inside a directory only the
/// owner can enter.
public enum SocketPaths {
    public static let socketName = "transitiond.sock"

    /// `$XDG_RUNTIME_DIR/transitiond/transitiond.sock`, else
    /// `/tmp/transitiond-<uid>/transitiond.sock`; the directory is created 0700 and
    /// must be a real directory (not a symlink) owned by this user with no access for
    /// others.
    public static func defaultPath() throws(SocketPathError) -> String {
        try runtimeDirectory() + "/" + socketName
    }

    /// The private directory of the default socket (and of `web.json`), created if
    /// missing.
    public static func runtimeDirectory() throws(SocketPathError) -> String {
        try runtimeDirectoryChoice().path
    }

    /// The private directory of the default socket, and why `$XDG_RUNTIME_DIR` was passed
    /// over for `/tmp/transitiond-<uid>` when it was set but not private (for a warning).
    public static func runtimeDirectoryChoice() throws(SocketPathError) -> (
        path: String, passedOver: String?
    ) {
        let uid = geteuid()
        var passedOver: String?
        if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty {
            if isPrivateDirectory(runtime, owner: uid) {
                let dir = runtime + "/transitiond"
                try ensurePrivateDirectory(dir, owner: uid)
                return (dir, nil)
            }
            passedOver =
                "XDG_RUNTIME_DIR '\(runtime)' is not a directory owned by uid \(uid) that only it can enter; using /tmp/transitiond-\(uid) instead"
        }
        let dir = "/tmp/transitiond-\(uid)"
        try ensurePrivateDirectory(dir, owner: uid)
        return (dir, passedOver)
    }

    /// Whether `path` is a directory (not a symlink) owned by `owner` that nobody else
    /// can enter.
    package static func isPrivateDirectory(_ path: String, owner: uid_t) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == owner
            && (info.st_mode & 0o077) == 0
    }

    /// Creates `path` 0700 if missing, then insists it is private.
    package static func ensurePrivateDirectory(_ path: String, owner: uid_t) throws(SocketPathError)
    {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw SocketPathError(
                description: "cannot create '\(path)': \(String(cString: strerror(errno)))")
        }
        guard isPrivateDirectory(path, owner: owner) else {
            throw SocketPathError(
                description:
                    "'\(path)' is not a directory owned by uid \(owner) with mode 0700; not using it"
            )
        }
    }
}
