#if canImport(Glibc)
    import Glibc
#endif

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
