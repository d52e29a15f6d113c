import ProcessSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// Finds the `transitiond` executable to start.
enum DaemonLocator {
    /// The first of: `explicit` (`--daemon`), `$TRANSITIOND`, a `transitiond` next to
    /// this executable, a `transitiond` on the `PATH`.
    /// - Throws: `Failure` naming what was tried.
    static func find(explicit: String?) throws(Failure) -> String {
        if let explicit {
            guard isExecutable(explicit) else {
                throw Failure("--daemon '\(explicit)' is not an executable file")
            }
            return explicit
        }
        if let env = getenv("TRANSITIOND").map({ String(cString: $0) }), !env.isEmpty {
            guard isExecutable(env) else {
                throw Failure("TRANSITIOND='\(env)' is not an executable file")
            }
            return env
        }
        if let own = ExecutablePath.current() {
            let sibling = directory(of: own) + "/transitiond"
            if isExecutable(sibling) { return sibling }
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = String(dir) + "/transitiond"
            if isExecutable(candidate) { return candidate }
        }
        throw Failure(
            "cannot find transitiond: give --daemon <path>, set TRANSITIOND, put it next to transitionctl or on the PATH, or use --socket <path>"
        )
    }

    static func isExecutable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
