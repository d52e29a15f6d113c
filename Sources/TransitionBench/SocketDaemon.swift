#if canImport(Glibc)
    import Glibc
#endif

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
