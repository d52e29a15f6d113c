// The browser transport beside the Unix socket, in one daemon and one run: ping-pong
// latency and pipelined replies over WebSocket and over the socket, in turns; then the
// daemon's CPU while it streams 60 fps ticks of about 100 items to a WebSocket client
// that reads everything, as a browser tab does (and the same over the socket).

#if canImport(Glibc)
    import Glibc
#endif

func webBenchmarks() throws(BenchError) -> [Figure] {
    let rounds = smokeMode ? 2 : 5
    let pingCount = smokeMode ? 50 : 2000
    let pipelineCount = smokeMode ? 200 : 5000
    let streamSeconds = smokeMode ? 1.0 : 5.0
    let daemon = try SocketDaemon(["--ws", "127.0.0.1:0"], runtimeDirectory: true)
    defer { daemon.stop() }
    let unix = try daemon.connect(name: "unix")
    let web = try daemon.connectWebSocket()
    let clients = [("unix", unix), ("ws", web)]

    var p50: [String: [Double]] = [:]
    var throughput: [String: [Double]] = [:]
    for (_, c) in clients { _ = try pingPong(c, count: smokeMode ? 10 : 200) }
    for round in 0..<rounds {
        for (name, c) in clients {
            progress("web round \(round): ping-pong \(name)")
            p50[name, default: []].append(
                percentile(try pingPong(c, count: pingCount).sorted(), 0.5))
        }
        for (name, c) in clients {
            progress("web round \(round): pipelined \(name)")
            throughput[name, default: []].append(try pipelined(c, count: pipelineCount))
        }
    }
    let workload =
        "one daemon (--listen and --ws), requests to an unknown method answered with -32601"
    var pingFigure = Figure(
        name: "web.pingpong.p50", value: median(p50["ws"]!), unit: "us",
        peers: [.init(name: "unix socket", value: median(p50["unix"]!), missing: nil)],
        note:
            "WebSocket (TCP loopback) beside the Unix socket; \(workload); \(pingCount) round trips x \(rounds) rounds, median of the rounds"
    )
    var pipeFigure = Figure(
        name: "web.pipelined.throughput", value: median(throughput["ws"]!), unit: "replies/s",
        peers: [.init(name: "unix socket", value: median(throughput["unix"]!), missing: nil)],
        note:
            "WebSocket beside the Unix socket; \(workload); \(pipelineCount) requests written at once x \(rounds) rounds, median"
    )
    if !smokeMode {
        pingFigure.target = .init(
            goal: "within 1.5x of the Unix socket's",
            met: pingFigure.value <= 1.5 * median(p50["unix"]!))
        pipeFigure.target = .init(
            goal: "within 1.5x of the Unix socket's",
            met: pipeFigure.value * 1.5 >= median(throughput["unix"]!))
    }
    var figures = [pingFigure, pipeFigure]

    // Streaming: 60 fps, about 100 visible items per tick, read as fast as they come.
    var cpu: [String: Double] = [:]
    var perTick: [String: Double] = [:]
    for (name, c) in clients {
        progress("web: streaming 60 fps x 100 items over \(name)")
        let created = try c.expect(
            "session/create",
            #"{"viewport":{"width":375,"height":667},"sections":[{"items":2000}],"layout":{"type":"list","rowHeight":6.6},"fps":60}"#
        )
        guard let session = created["session"]?.stringValue else {
            throw BenchError("session/create: no session id")
        }
        try c.expect(
            "transition/start",
            #"{"session":"\#(session)","duration":600,"timing":"linear","to":{"type":"list","rowHeight":6.8}}"#
        )
        try c.run(for: 0.3)
        let ticksBefore = c.ticks
        let attributesBefore = c.tickAttributes
        let cpuBefore = daemon.child.cpuSeconds
        let t0 = nowSeconds()
        try c.run(for: streamSeconds)
        let elapsed = nowSeconds() - t0
        cpu[name] = (daemon.child.cpuSeconds - cpuBefore) / elapsed
        let ticks = c.ticks - ticksBefore
        perTick[name] = ticks > 0 ? Double(c.tickAttributes - attributesBefore) / Double(ticks) : 0
        if Double(ticks) < 50 * elapsed {
            throw BenchError("\(name): only \(ticks) ticks in \(format(elapsed)) s")
        }
        _ = try? c.call("session/dispose", #"{"session":"\#(session)"}"#)
    }
    figures.append(
        Figure(
            name: "web.stream60x100.daemonCPU", value: cpu["ws"]! * 100, unit: "% of a core",
            peers: [.init(name: "unix socket", value: cpu["unix"]! * 100, missing: nil)],
            note:
                "daemon user+system CPU (/proc/PID/stat) / wall time while one client reads a 60 fps session of "
                + "\(format(perTick["ws"]!)) items per tick (objects encoding) for \(format(streamSeconds)) s, as a browser tab would"
        ))
    return figures
}

extension SocketDaemon {
    /// A new initialized WebSocket client, for a daemon started with `--ws` and its own
    /// runtime directory (where `web.json` gives the port and the token).
    func connectWebSocket() throws(BenchError) -> RPCClient {
        let (port, token) = try readWebJSON(runtimePath + "/transitiond/web.json")
        return try openWebSocket(port: port, token: token)
    }
}

/// The port and token of `web.json`.
func readWebJSON(_ path: String) throws(BenchError) -> (Int, String) {
    let deadline = nowSeconds() + 10
    while nowSeconds() < deadline {
        if let text = readProcFile(path), let tokenRange = text.firstRange(of: "\"token\": \""),
            let wsRange = text.firstRange(of: "ws://127.0.0.1:")
        {
            let token = String(text[tokenRange.upperBound...].prefix { $0 != "\"" })
            let port = Int(text[wsRange.upperBound...].prefix { $0.isNumber }) ?? 0
            if port > 0 && !token.isEmpty { return (port, token) }
        }
        usleep(5000)
    }
    throw BenchError("no web.json at \(path)")
}

/// A WebSocket client on TCP loopback: the opening handshake, then an initialized RPCClient.
private func openWebSocket(port: Int, token: String) throws(BenchError) -> RPCClient {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else {
        close(fd)
        throw BenchError("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
    }
    // Browsers turn Nagle's algorithm off too.
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    let request = Array(
        ("GET /?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            .utf8)
    _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    var head: [UInt8] = []
    var byte: UInt8 = 0
    // Byte by byte up to the blank line: nothing after it may be swallowed.
    while !(head.count >= 4 && head.suffix(4).elementsEqual([0x0D, 0x0A, 0x0D, 0x0A])) {
        guard read(fd, &byte, 1) == 1 else { break }
        head.append(byte)
    }
    guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
        close(fd)
        throw BenchError(
            "the WebSocket handshake failed: \(String(decoding: head.prefix(80), as: UTF8.self))")
    }
    let wire = Wire(readFD: fd, writeFD: fd)
    wire.webSocket = true
    let client = RPCClient(wire: wire, name: "transitiond (ws)")
    try client.expect("initialize", #"{"processId":\#(getpid()),"capabilities":{}}"#)
    client.notify("initialized")
    return client
}
