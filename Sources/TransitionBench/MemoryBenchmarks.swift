import TestSupport

// Resident memory of the daemon (/proc/PID/statm): idle after initialize (beside the
// two LSP servers, measured the same way), per session for uniform layouts, per item
// for per-item sizes, and while a client stops reading its ticks.

func memoryBenchmarks() throws(BenchError) -> [Figure] {
    var figures = [try idleMemoryFigure()]
    figures += try uniformMemoryFigures()
    figures += try sizedMemoryFigures()
    figures += try slowReaderFigures()
    return figures
}

/// RSS after `initialize` and `initialized`, once the server has settled.
private func idleMemoryFigure() throws(BenchError) -> Figure {
    let runs = smokeMode ? 1 : 3
    let settle = smokeMode ? 0.1 : 0.5
    let list = try contenders()
    defer { for c in list { c.server?.stop() } }
    for _ in 0..<runs {
        try forEachRunning(list) { c throws(BenchError) in
            let server = try StdioServer(c.spec!)
            c.server = server
            try server.initialize()
            try server.client.run(for: settle)
            c.add("rss", server.child.residentBytes)
            server.stop()
            c.server = nil
        }
    }
    var figure = comparedFigure(
        list, "rss", name: "memory.idle", unit: "bytes",
        note: "RSS \(format(settle)) s after initialize, stdio; median of \(runs) runs")
    if !smokeMode {
        figure.target = .init(
            goal: "under 15 MB (15,000,000 bytes)", met: figure.value < 15_000_000)
    }
    return figure
}

/// RSS growth per session: many sessions of uniform items (a 2-column grid).
private func uniformMemoryFigures() throws(BenchError) -> [Figure] {
    let (sessions, items) = smokeMode ? (10, 1000) : (100, 10_000)
    let server = try StdioServer(
        try ServerSpec.transitiond(["--max-sessions", "\(max(64, sessions + 1))"]))
    defer { server.stop() }
    try server.initialize()
    let create =
        #"{"viewport":{"width":375,"height":667},"sections":[{"items":\#(items)}],"layout":{"type":"grid","columns":2,"spacing":10,"lineSpacing":5,"inset":{"top":10,"left":10,"bottom":10,"right":10}}}"#
    let created = try createSessionsMeasuringMemory(
        1 + sessions, params: create, client: server.client, daemon: server.child)
    return [
        Figure(
            name: "memory.uniform.perSession", value: created.bytesPerSession,
            unit: "bytes/session",
            note:
                "anonymous RSS growth / \(sessions) sessions of \(items) uniform items (2-column grid), one connection, after a first session"
        )
    ]
}

/// Creates `count` sessions with `params` on `client`, one at a time: their ids, and the
/// growth of the daemon's anonymous RSS per session over all but the first. The first is
/// apart, and only anonymous memory counts: the executable's pages that making sessions
/// runs count in RSS once, by how the executable is laid out.
func createSessionsMeasuringMemory(
    _ count: Int, params: String, client: RPCClient, daemon: ChildProcess
) throws(BenchError) -> (ids: [String], bytesPerSession: Double) {
    func create() throws(BenchError) -> String {
        guard let id = try client.expect("session/create", params)["session"]?.stringValue else {
            throw BenchError("session/create: no session id")
        }
        return id
    }
    var ids = [try create()]
    try client.run(for: 0.2)
    let before = daemon.anonymousResidentBytes
    for _ in 1..<max(1, count) { ids.append(try create()) }
    try client.run(for: 0.2)
    let growth = daemon.anonymousResidentBytes - before
    return (ids, count > 1 ? growth / Double(count - 1) : .nan)
}

/// RSS growth for one session with per-item sizes (a flow layout).
private func sizedMemoryFigures() throws(BenchError) -> [Figure] {
    let items = smokeMode ? 5_000 : 100_000
    // Over the default item and message limits.
    let server = try StdioServer(
        try ServerSpec.transitiond(["--max-items", "100000", "--max-message-bytes", "16777216"]))
    defer { server.stop() }
    try server.initialize()
    try server.client.run(for: 0.2)
    var random = SeededRandom(seed: 7)
    var sizes = ""
    sizes.reserveCapacity(items * 10)
    for i in 0..<items {
        if i > 0 { sizes += "," }
        sizes += "[\(20 + random.next() % 160),\(20 + random.next() % 60)]"
    }
    let before = server.child.anonymousResidentBytes
    let created = try server.client.expect(
        "session/create",
        #"{"viewport":{"width":375,"height":667},"sections":[{"items":\#(items),"sizes":[\#(sizes)]}],"layout":{"type":"flow","minimumLineSpacing":4,"minimumInteritemSpacing":4}}"#
    )
    try server.client.run(for: 0.2)
    let growth = server.child.anonymousResidentBytes - before
    try server.client.expect(
        "session/dispose", #"{"session":"\#(created["session"]?.stringValue ?? "")"}"#)
    try server.client.run(for: 0.2)
    let remaining = server.child.anonymousResidentBytes - before
    let label = items % 1000 == 0 ? "\(items / 1000)k" : "\(items)"
    return [
        Figure(
            name: "memory.sized.perItem", value: growth / Double(items), unit: "bytes/item",
            note:
                "anonymous RSS growth / \(label) items of one session with per-item sizes (flow layout; includes parsing the \(format(Double(sizes.utf8.count) / 1e6)) MB request)"
        ),
        Figure(
            name: "memory.sized.growth", value: growth, unit: "bytes",
            note: "anonymous RSS growth for one session of \(label) per-item sizes"),
        Figure(
            name: "memory.sized.afterDispose", value: remaining, unit: "bytes",
            note:
                "anonymous RSS growth still there after session/dispose (what the request's parse and the allocator kept)"
        ),
    ]
}

/// A Unix-socket client that stops reading for a few seconds while its sessions tick:
/// the daemon's RSS must stay bounded (ticks coalesce, at most one unsent per session).
private func slowReaderFigures() throws(BenchError) -> [Figure] {
    let (sessions, fps) = smokeMode ? (3, 120) : (20, 120)
    let stall = smokeMode ? 0.5 : 4
    let daemon = try SocketDaemon(["--max-items", "100000"])  // the tick benchmark's 100,000 items
    defer { daemon.stop() }
    let client = try daemon.connect()
    defer { daemon.disconnect(client) }
    var lastSeq: [String: Int64] = [:]
    var skipped = 0
    client.onTick = { tick, _ in
        let name = tick.sessionName
        if let last = lastSeq[name], tick.seq > last + 1 { skipped += Int(tick.seq - last - 1) }
        lastSeq[name] = tick.seq
    }
    defer { client.onTick = nil }
    for _ in 0..<sessions {
        let created = try client.expect(
            "session/create",
            tickBenchSessionParams(encoding: "objects", clock: "realtime", fps: fps))
        guard let session = created["session"]?.stringValue else {
            throw BenchError("session/create: no session id")
        }
        try client.expect(
            "transition/start", #"{"session":"\#(session)","to":\#(tickBenchTo),"duration":60}"#)
    }
    try client.run(for: smokeMode ? 0.3 : 1)
    let before = daemon.child.residentBytes

    client.wire.reading = false
    var peak = before
    let stallEnd = nowSeconds() + stall
    while nowSeconds() < stallEnd {
        sleepSeconds(0.05)
        peak = max(peak, daemon.child.residentBytes)
    }
    client.wire.reading = true
    let skippedBefore = skipped
    let resumed = client.ticks
    try client.run(for: smokeMode ? 0.3 : 1)
    let after = daemon.child.residentBytes
    let note =
        "\(sessions) sessions x \(fps) fps x ~200 visible cells (objects); the client stops reading for \(format(stall)) s"
    return [
        Figure(
            name: "memory.slowReader.before", value: before, unit: "bytes",
            note: "RSS while the client reads; " + note),
        Figure(
            name: "memory.slowReader.peak", value: peak, unit: "bytes",
            note: "largest RSS sampled every 50 ms during the stall; " + note),
        Figure(
            name: "memory.slowReader.growth", value: peak - before, unit: "bytes",
            note: "peak - before; " + note),
        Figure(
            name: "memory.slowReader.after", value: after, unit: "bytes",
            note: "RSS after reading again for a while; " + note),
        Figure(
            name: "memory.slowReader.skippedTicks", value: Double(skipped - skippedBefore),
            unit: "ticks",
            note: "seq gaps seen once reading again (coalesced while stalled); " + note),
        Figure(
            name: "memory.slowReader.ticksAfter", value: Double(client.ticks - resumed),
            unit: "ticks",
            note: "ticks read in the \(format(smokeMode ? 0.3 : 1)) s after the stall; " + note),
    ]
}
