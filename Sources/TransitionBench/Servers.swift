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

/// A server on pipes with an LSP client attached.
final class StdioServer {
    let spec: ServerSpec
    let child: ChildProcess
    let client: RPCClient
    let root: String
    /// Monotonic ns just before the spawn.
    let spawnTime: UInt64

    init(_ spec: ServerSpec) throws(BenchError) {
        self.spec = spec
        root = makeTemporaryDirectory()
        spawnTime = nowNanoseconds()
        child = try ChildProcess.spawn(
            spec.path, spec.arguments, pipes: true, environment: spec.environment)
        client = RPCClient(
            wire: Wire(readFD: child.stdoutFD, writeFD: child.stdinFD), name: spec.name)
    }

    /// The `initialize` params every server gets.
    var initializeParams: String {
        #"{"processId":\#(getpid()),"rootUri":"file://\#(root)","capabilities":{}}"#
    }

    /// `initialize` then `initialized`; returns nanoseconds from the spawn to the reply.
    @discardableResult
    func initialize(timeout: Double = 60) throws(BenchError) -> UInt64 {
        try client.expect("initialize", initializeParams, timeout: timeout)
        let elapsed = nowNanoseconds() - spawnTime
        client.notify("initialized")
        return elapsed
    }

    /// `shutdown` and `exit`, then makes sure the process is gone.
    func stop() {
        if !child.hasExited {
            _ = try? client.call("shutdown", "null", timeout: 5)
            client.notify("exit")
            for _ in 0..<100 where client.wire.hasPendingOutput { client.wire.pump(timeout: 0.01) }
        }
        child.stop()
        removeTemporaryDirectory(root)
    }
}

/// transitiond listening on a Unix socket, for clients that connect to it.
final class SocketDaemon {
    let child: ChildProcess
    let path: String
    private let directory: String

    init(_ extra: [String] = [], runtimeDirectory: Bool = false) throws(BenchError) {
        let spec = try ServerSpec.transitiond()
        directory = makeTemporaryDirectory()
        path = directory + "/d.sock"
        child = try ChildProcess.spawn(
            spec.path,
            ["--listen", path, "--log-level", "error", "--clientProcessId", "\(getpid())"] + extra,
            pipes: false, environment: runtimeDirectory ? ["XDG_RUNTIME_DIR=\(directory)"] : [])
        let deadline = nowSeconds() + 10
        while access(path, F_OK) != 0 {
            if child.hasExited { throw BenchError("transitiond --listen exited at once") }
            if nowSeconds() > deadline { throw BenchError("transitiond did not create \(path)") }
            usleep(2000)
        }
    }

    /// A new initialized client connection.
    func connect(name: String = "client") throws(BenchError) -> RPCClient {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        var connected: Int32 = -1
        for _ in 0..<500 {
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if connected == 0 { break }
            usleep(2000)
        }
        guard connected == 0 else {
            close(fd)
            throw BenchError("cannot connect to \(path): \(String(cString: strerror(errno)))")
        }
        let client = RPCClient(wire: Wire(readFD: fd, writeFD: fd), name: "transitiond (\(name))")
        try client.expect("initialize", #"{"processId":\#(getpid()),"capabilities":{}}"#)
        client.notify("initialized")
        return client
    }

    func disconnect(_ client: RPCClient) {
        Glibc.close(client.wire.readFD)
    }

    /// The directory of the socket (and, with `runtimeDirectory`, of `transitiond/web.json`).
    var runtimePath: String { directory }

    func stop() {
        child.stop()
        unlink(path)
        removeTemporaryDirectory(directory)
    }
}
