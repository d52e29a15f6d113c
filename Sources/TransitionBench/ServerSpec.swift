#if canImport(Glibc)
    import Glibc
#endif

/// `--smoke`: every group with tiny sizes, finishing in seconds.
let smokeMode = CommandLine.arguments.contains("--smoke")

/// A server to measure: transitiond or one of the LSP servers the toolchain ships.
struct ServerSpec {
    var name: String
    var path: String
    var arguments: [String]
    var environment: [String] = []

    static let transitiondName = "transitiond"

    /// transitiond on stdio: $TRANSITIOND, else the binary next to this one.
    static func transitiond(_ extra: [String] = []) throws(BenchError) -> ServerSpec {
        let path = transitiondPath()
        guard access(path, X_OK) == 0 else {
            throw BenchError(
                "\(path) is missing: build it first ('swift build -c release') or set TRANSITIOND")
        }
        return ServerSpec(
            name: transitiondName, path: path,
            arguments: ["--stdio", "--log-level", "error", "--clientProcessId", "\(getpid())"]
                + extra)
    }

    static func transitiondPath() -> String {
        if let env = getenv("TRANSITIOND"), env.pointee != 0 { return String(cString: env) }
        return directoryOfThisExecutable() + "/transitiond"
    }

    static let floorName = "floor"

    /// clangd, sourcekit-lsp and the floor (`floor-server.c`, compiled by this run),
    /// each found or with the reason it is missing.
    static func peers() -> [(name: String, spec: ServerSpec?, missing: String?)] {
        var list: [(String, ServerSpec?, String?)] = []
        for (name, variable, arguments, environment) in [
            ("clangd", "CLANGD", ["--log=error"], []),
            ("sourcekit-lsp", "SOURCEKIT_LSP", [], ["SOURCEKITLSP_LOG_LEVEL=error"]),
        ] {
            if let path = toolPath(name, variable: variable) {
                list.append(
                    (
                        name,
                        ServerSpec(
                            name: name, path: path, arguments: arguments, environment: environment),
                        nil
                    ))
            } else {
                list.append(
                    (name, nil, "not found (set $\(variable) or put the Swift toolchain on PATH)"))
            }
        }
        // Last, so that clangd stays each figure's baseline.
        switch FloorServer.build() {
        case .success(let path):
            list.append((floorName, ServerSpec(name: floorName, path: path, arguments: []), nil))
        case .failure(let error): list.append((floorName, nil, error.description))
        }
        return list
    }

    /// $variable, else `name` on PATH, else next to `swift` on PATH.
    private static func toolPath(_ name: String, variable: String) -> String? {
        if let env = getenv(variable), env.pointee != 0 {
            let path = String(cString: env)
            return access(path, X_OK) == 0 ? path : nil
        }
        if let found = findOnPath(name) { return found }
        if let swift = findOnPath("swift") {
            var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if realpath(swift, &resolved) != nil {
                let dir = String(
                    decoding: resolved.prefix(while: { $0 != 0 }).map(UInt8.init(bitPattern:)),
                    as: UTF8.self)
                let candidate =
                    String(dir[..<(dir.lastIndex(of: "/") ?? dir.endIndex)]) + "/" + name
                if access(candidate, X_OK) == 0 { return candidate }
            }
        }
        return nil
    }
}

func findOnPath(_ name: String) -> String? {
    guard let path = getenv("PATH") else { return nil }
    for dir in String(cString: path).split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}

func directoryOfThisExecutable() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let n = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
    guard n > 0 else { return "." }
    let path = String(decoding: buffer[0..<n].map(UInt8.init(bitPattern:)), as: UTF8.self)
    return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
}

/// A fresh empty directory under /tmp (the workspace root the LSP servers are given).
func makeTemporaryDirectory() -> String {
    var template = Array("/tmp/transitionbench.XXXXXX".utf8CString)
    guard mkdtemp(&template) != nil else { return "/tmp" }
    return String(
        decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Removes a directory the benchmark made, with whatever a server left in it.
func removeTemporaryDirectory(_ path: String) {
    guard path.hasPrefix("/tmp/transitionbench.") else { return }
    if rmdir(path) == 0 { return }
    if let child = try? ChildProcess.spawn("/bin/rm", ["-rf", path], pipes: false) {
        child.wait(timeout: 10)
    }
}
