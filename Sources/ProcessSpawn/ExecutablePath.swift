#if canImport(Glibc)
    import Glibc
#endif

// The path of the running executable, to start it again (the forwarder's daemon) or to
// find a program beside it (transitionctl's daemon); `ExecutablePath` in `Platform.swift`
// chooses how it is found.

#if os(Linux)
    /// The Linux `ExecutablePath`: `/proc/self/exe`, what the kernel ran.
    public enum ProcSelfExe {
        public static func current() -> String? {
            var buffer = [CChar](repeating: 0, count: 4097)
            let n = readlink("/proc/self/exe", &buffer, 4096)
            guard n > 0 else { return nil }
            return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
#endif

/// The portable `ExecutablePath`: the program name it was started with (`argv[0]`),
/// made absolute with `realpath` when it holds a slash, else looked up on the `PATH` as
/// the shell did. Wrong only when the parent passed a name that is not the program's.
public enum ArgumentZeroPath {
    public static func current() -> String? {
        guard let name = CommandLine.arguments.first, !name.isEmpty else { return nil }
        if name.contains("/") { return absolute(name) }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return absolute(candidate) }
        }
        return nil
    }

    private static func absolute(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
