// RPC round trips and startup, for transitiond and the two LSP servers the Swift
// toolchain ships (clangd, sourcekit-lsp): the same client code (`Wire`, `RPCClient`)
// and the same workload for each, the servers measured in turns within each round so
// that all see the same machine conditions. A peer that cannot run is reported missing.

/// The method every server answers with an error (-32601).
private let unknownMethod = "bench/unknownMethod"

/// A server taking part in a comparison: its samples per figure, or why it dropped out.
final class Contender {
    let name: String
    let spec: ServerSpec?
    var server: StdioServer? = nil
    var missing: String?
    var samples: [String: [Double]] = [:]
    /// Too slow for more than one round of a long measurement.
    var slow = false

    init(name: String, spec: ServerSpec?, missing: String?) {
        self.name = name
        self.spec = spec
        self.missing = missing
    }

    var isRunning: Bool { missing == nil }

    func add(_ key: String, _ value: Double) { samples[key, default: []].append(value) }

    /// The median of the samples of `key`, while running.
    func value(_ key: String) -> Double? {
        guard missing == nil, let s = samples[key], !s.isEmpty else { return nil }
        return median(s)
    }

    /// Records why this peer stopped and ends its process.
    func drop(_ reason: String) {
        if missing == nil { missing = reason }
        server?.stop()
        server = nil
    }
}

/// transitiond first, then the peers.
func contenders() throws(BenchError) -> [Contender] {
    [Contender(name: ServerSpec.transitiondName, spec: try ServerSpec.transitiond(), missing: nil)]
        + ServerSpec.peers().map { Contender(name: $0.name, spec: $0.spec, missing: $0.missing) }
}

/// Runs `body` for each contender still running; a peer's failure drops it, transitiond's is fatal.
func forEachRunning(_ list: [Contender], _ body: (Contender) throws(BenchError) -> Void)
    throws(BenchError)
{
    for c in list where c.isRunning {
        do {
            try body(c)
        } catch {
            if c.name == ServerSpec.transitiondName {
                for other in list { other.server?.stop() }
                throw error
            }
            c.drop(error.description)
        }
    }
}

/// The figure `key` for transitiond with every peer beside it.
func comparedFigure(_ list: [Contender], _ key: String, name: String, unit: String, note: String)
    -> Figure
{
    let ours = list[0].value(key) ?? .nan
    let peers = list.dropFirst().map { c in
        Figure.Peer(
            name: c.name, value: c.value(key),
            missing: c.value(key) == nil ? (c.missing ?? "no value") : nil)
    }
    return Figure(name: name, value: ours, unit: unit, peers: Array(peers), note: note)
}

// MARK: - rpc

/// Ping-pong latency and pipelined throughput of error replies, three servers; then
/// `transition/scrub` round trips on transitiond.
func rpcBenchmarks() throws(BenchError) -> [Figure] {
    let rounds = smokeMode ? 2 : 5
    let pingCount = smokeMode ? 50 : 2000
    let pipelineCount = smokeMode ? 200 : 5000
    // A server slower than this per pipelined round (sourcekit-lsp slows down a lot
    // under a burst) is measured in that round only, to keep the run short.
    let slowRound = 5.0
    let list = try contenders()
    defer { for c in list { c.server?.stop() } }

    try forEachRunning(list) { c throws(BenchError) in
        progress("rpc: starting \(c.name)")
        let server = try StdioServer(c.spec!)
        c.server = server
        try server.initialize()
        _ = try pingPong(server.client, count: smokeMode ? 10 : 200)
    }
    for round in 0..<rounds {
        try forEachRunning(list) { c throws(BenchError) in
            progress("rpc round \(round): ping-pong \(c.name)")
            let latencies = try pingPong(c.server!.client, count: pingCount).sorted()
            c.add("p50", percentile(latencies, 0.5))
            c.add("p99", percentile(latencies, 0.99))
        }
        try forEachRunning(list) { c throws(BenchError) in
            guard !c.slow else { return }
            progress("rpc round \(round): pipelined \(c.name)")
            let t0 = nowSeconds()
            c.add("throughput", try pipelined(c.server!.client, count: pipelineCount))
            if nowSeconds() - t0 > slowRound { c.slow = true }
        }
    }

    let workload = "after initialize, requests to an unknown method answered with -32601, stdio"
    var figures = [
        comparedFigure(
            list, "p50", name: "rpc.pingpong.p50", unit: "us",
            note: "\(workload); \(pingCount) round trips x \(rounds) rounds, median of the rounds"),
        comparedFigure(
            list, "p99", name: "rpc.pingpong.p99", unit: "us",
            note: "\(workload); \(pingCount) round trips x \(rounds) rounds, median of the rounds"),
        comparedFigure(
            list, "throughput", name: "rpc.pipelined.throughput", unit: "replies/s",
            note:
                "\(workload); \(pipelineCount) requests written at once x \(rounds) rounds, median"
                + slowNote(list, "throughput", slowRound)),
    ]
    if !smokeMode {
        if let clangd = figures[0].peerValue("clangd") {
            figures[0].target = .init(goal: "p50 below clangd's", met: figures[0].value < clangd)
        }
        if let clangd = figures[2].peerValue("clangd"),
            let floor = figures[2].peerValue(ServerSpec.floorName)
        {
            figures[2].target = .init(
                goal: "at least 6x clangd's or a quarter of the floor's",
                met: figures[2].value >= 6 * clangd || figures[2].value >= floor / 4)
        }
    }
    progress("rpc: scrub")
    figures += try scrubFigures(
        list[0].server!.client, rounds: rounds, count: smokeMode ? 30 : 1000)
    return figures
}

/// Which servers were measured in fewer rounds, being slow.
private func slowNote(_ list: [Contender], _ key: String, _ limit: Double) -> String {
    let slow = list.filter { $0.slow && $0.isRunning }
    guard !slow.isEmpty else { return "" }
    return "; "
        + slow.map {
            "\($0.name): \($0.samples[key]?.count ?? 0) round(s), over \(format(limit)) s each"
        }
        .joined(separator: ", ")
}

/// Microseconds of each of `count` request-reply round trips, one at a time.
func pingPong(_ client: RPCClient, count: Int) throws(BenchError) -> [Double] {
    var samples: [Double] = []
    samples.reserveCapacity(count)
    let errorsBefore = client.errorResponses
    for _ in 0..<count {
        let before = client.responses
        let t0 = nowNanoseconds()
        client.send(unknownMethod)
        try client.run(timeout: 30, what: "a reply") { client.responses > before }
        samples.append(Double(nowNanoseconds() - t0) / 1000)
    }
    guard client.errorResponses - errorsBefore == count else {
        throw BenchError("\(client.name) answered \(unknownMethod) without an error")
    }
    return samples
}

/// Replies per second when `count` requests are written as fast as the pipe takes them.
func pipelined(_ client: RPCClient, count: Int) throws(BenchError) -> Double {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 90)
    for _ in 0..<count { bytes += client.frame(unknownMethod) }
    let before = client.responses
    let t0 = nowNanoseconds()
    client.wire.send(bytes)
    try client.run(timeout: 120, what: "\(count) pipelined replies") {
        client.responses - before >= count
    }
    let elapsed = Double(nowNanoseconds() - t0) / 1e9
    return Double(count) / elapsed
}

/// `transition/scrub` on a paused interactive transition (list -> 2-column grid, 1000
/// items, 375 x 667, realtime at 60 fps): the reply's round trip, and the time from
/// the request to the tick the scrub causes.
private func scrubFigures(_ client: RPCClient, rounds: Int, count: Int) throws(BenchError)
    -> [Figure]
{
    let created = try client.expect(
        "session/create",
        #"{"viewport":{"width":375,"height":667},"sections":[{"items":1000}],"layout":{"type":"list","rowHeight":60},"fps":60}"#
    )
    guard let session = created["session"]?.stringValue else {
        throw BenchError("session/create: no session id")
    }
    try client.expect(
        "transition/start",
        #"{"session":"\#(session)","interactive":true,"duration":0.5,"to":{"type":"grid","columns":2,"spacing":10,"lineSpacing":5,"inset":{"top":10,"left":10,"bottom":10,"right":10}}}"#
    )
    var lastTick: (seq: Int64, time: UInt64) = (0, 0)
    client.onTick = { tick, time in
        if tick.sessionName == session { lastTick = (tick.seq, time) }
    }
    defer { client.onTick = nil }
    try client.run(for: 0.05)
    var replies: [[Double]] = []
    var toTicks: [[Double]] = []
    var missingTicks = 0
    for _ in 0..<rounds {
        var reply: [Double] = []
        var toTick: [Double] = []
        for i in 0..<count {
            let progress = 0.05 + 0.9 * Double(i % 100) / 100
            let seqBefore = lastTick.seq
            let t0 = nowNanoseconds()
            let result = try client.call(
                "transition/scrub", #"{"session":"\#(session)","progress":\#(progress)}"#)
            reply.append(Double(nowNanoseconds() - t0) / 1000)
            if case .failure(let f) = result {
                throw BenchError("transition/scrub failed: \(f.code) \(f.message)")
            }
            do {
                try client.run(timeout: 0.5, what: "the scrub's tick") { lastTick.seq > seqBefore }
                toTick.append(Double(lastTick.time - t0) / 1000)
            } catch {
                missingTicks += 1
            }
        }
        replies.append(reply.sorted())
        toTicks.append(toTick.sorted())
    }
    _ = try? client.call("session/dispose", #"{"session":"\#(session)"}"#)
    let note =
        "paused interactive list -> grid, 1000 items, 375x667, realtime 60 fps; \(count) scrubs x \(rounds) rounds"
    var figures = [
        Figure(
            name: "rpc.scrub.p50", value: median(replies.map { percentile($0, 0.5) }), unit: "us",
            note: note),
        Figure(
            name: "rpc.scrub.p99", value: median(replies.map { percentile($0, 0.99) }), unit: "us",
            note: note),
        Figure(
            name: "rpc.scrub.toTick.p50", value: median(toTicks.map { percentile($0, 0.5) }),
            unit: "us",
            note: "request sent to its tick read; " + note),
        Figure(
            name: "rpc.scrub.toTick.p99", value: median(toTicks.map { percentile($0, 0.99) }),
            unit: "us",
            note: "request sent to its tick read; " + note),
    ]
    figures.append(
        Figure(
            name: "rpc.scrub.missingTicks", value: Double(missingTicks), unit: "ticks",
            note: "scrubs with no tick within 0.5 s"))
    return figures
}

// MARK: - startup

/// Process spawn to the `initialize` reply, three servers, median of several runs.
func startupBenchmarks() throws(BenchError) -> [Figure] {
    let runs = smokeMode ? 2 : 21
    // transitiond and the floor as installed (see `installedCopy`).
    let installed = makeTemporaryDirectory()
    defer { removeTemporaryDirectory(installed) }
    let list = try contenders().map { c throws(BenchError) -> Contender in
        guard var spec = c.spec,
            c.name == ServerSpec.transitiondName || c.name == ServerSpec.floorName
        else { return c }
        spec.path = try installedCopy(of: spec.path, in: installed)
        return Contender(name: c.name, spec: spec, missing: c.missing)
    }
    defer { for c in list { c.server?.stop() } }
    for _ in 0..<runs {
        try forEachRunning(list) { c throws(BenchError) in
            let server = try StdioServer(c.spec!)
            c.server = server
            let elapsed = try server.initialize()
            c.add("startup", Double(elapsed) / 1e6)
            server.stop()
            c.server = nil
        }
    }
    var figure = comparedFigure(
        list, "startup", name: "startup.initialize", unit: "ms",
        note:
            "posix_spawn to the initialize reply read, stdio; transitiond and the floor copied as installed; median of \(runs) runs"
    )
    if !smokeMode, let clangd = figure.peerValue("clangd"),
        let floor = figure.peerValue(ServerSpec.floorName)
    {
        figure.target = .init(
            goal: "within 1.5x of the floor's or under a quarter of clangd's",
            met: figure.value <= 1.5 * floor || figure.value < clangd / 4)
    }
    return [figure, try forwardedStartupFigure(runs: runs)]
}

/// What an editor with the `shared` setting waits for: `transitiond --remote=PATH`
/// spawned, connecting to a daemon already running, to the `initialize` reply.
private func forwardedStartupFigure(runs: Int) throws(BenchError) -> Figure {
    let daemon = try SocketDaemon()
    defer { daemon.stop() }
    let direct = try ServerSpec.transitiond()
    let spec = ServerSpec(
        name: "forwarder", path: direct.path, arguments: ["--remote=\(daemon.path)"])
    var samples: [Double] = []
    for _ in 0..<runs {
        let forwarder = try StdioServer(spec)
        samples.append(Double(try forwarder.initialize()) / 1e6)
        forwarder.stop()
    }
    var figure = Figure(
        name: "startup.forwarded", value: median(samples), unit: "ms",
        note:
            "posix_spawn of transitiond --remote=PATH to the initialize reply read, through it, from a daemon already running; median of \(runs) runs"
    )
    figure.samples = samples
    return figure
}
