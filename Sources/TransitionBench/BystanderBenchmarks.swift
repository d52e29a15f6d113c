import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// How long a client waits for a brief request (`session/list`) while another client's
/// costly work is in the daemon: a long batch, which takes turns with the others, and the
/// largest requests the default limits admit, each handled whole (Protocol 2.4).
func bystanderBenchmarks() throws(BenchError) -> [Figure] {
    // The defaults, or the limits an operator considers: BENCH_MAX_ITEMS and
    // BENCH_MAX_MESSAGE_BYTES (the daemon runs with them too).
    var limits = ServiceLimits()
    if let text = getenv("BENCH_MAX_ITEMS"), let n = Int(String(cString: text)) {
        limits.maxItemsPerSession = n
    }
    if let text = getenv("BENCH_MAX_MESSAGE_BYTES"), let n = Int(String(cString: text)) {
        limits.maxMessageBytes = n
    }
    let daemon = try SocketDaemon([
        "--max-items", "\(limits.maxItemsPerSession)", "--max-message-bytes",
        "\(limits.maxMessageBytes)",
    ])
    defer { daemon.stop() }
    let busy = try daemon.connect(name: "busy")
    let bystander = try daemon.connect(name: "bystander")
    let largest = largestSections(limits)
    return [
        try waitBehindBatch(daemon: daemon, busy: busy, bystander: bystander),
        try waitBehindCreate(
            daemon: daemon, busy: busy, bystander: bystander, sections: largest.sections,
            limits: limits),
        try waitBehindStart(
            daemon: daemon, busy: busy, bystander: bystander, sections: largest.sections,
            newItems: nil,
            limits: limits),
        try waitBehindStart(
            daemon: daemon, busy: busy, bystander: bystander, sections: largest.sections,
            newItems: largest.reversed, limits: limits),
    ]
}

/// The longest a bystander waits for `session/list`, asked again as soon as it is
/// answered, from when `busy` starts sending `bytes` (pushed on between the bystander's
/// requests, so that a large message arrives while they are asked) until `busy` has the
/// reply it waits for (a body whose first byte is `first`); the time to that reply; and
/// the daemon's CPU time meanwhile (10 ms grain), which other work on the machine does
/// not inflate as it does the waits.
private func bystanderWait(
    daemon: SocketDaemon, busy: RPCClient, bystander: RPCClient, sending bytes: [UInt8],
    replyStartingWith first: UInt8
) throws(BenchError) -> (wait: Double, busy: Double, cpu: Double) {
    let cpu = daemon.child.cpuSeconds
    let sent = nowSeconds()
    busy.wire.send(bytes)
    var worst = 0.0
    var answered = false
    let deadline = nowSeconds() + 120
    while true {
        guard nowSeconds() < deadline else { throw BenchError("busy: no reply within 120 s") }
        _ = busy.wire.pump(timeout: 0)
        try busy.wire.drain { body throws(BenchError) in
            if body.first == first { answered = true }
        }
        if answered { break }
        let asked = nowSeconds()
        try bystander.expect("session/list")
        worst = Swift.max(worst, (nowSeconds() - asked) * 1000)
    }
    return (worst, (nowSeconds() - sent) * 1000, (daemon.child.cpuSeconds - cpu) * 1000)
}

/// A batch of 1,000 hypothetical `transition/sample` (a transition prepared for each,
/// none started) on a 10,000-item session.
private func waitBehindBatch(daemon: SocketDaemon, busy: RPCClient, bystander: RPCClient)
    throws(BenchError) -> Figure
{
    let items = smokeMode ? 1_000 : 10_000
    // With ids, cells are matched by id and listed, not found by bands: each sample costs.
    let ids = (0..<items).map(String.init).joined(separator: ",")
    let session = try busy.expect(
        "session/create",
        #"{"viewport":{"width":375,"height":667},"sections":[{"items":\#(items),"ids":[\#(ids)]}],"layout":{"type":"list","rowHeight":44},"clock":"manual"}"#
    )["session"]!.stringValue!
    let layouts = [#"{"type":"grid","columns":3}"#, #"{"type":"list","rowHeight":44}"#]
    var waits: [Double] = []
    var batchTimes: [Double] = []
    for run in 0..<(smokeMode ? 1 : 5) {
        let starts = (0..<1000).map { i in
            #"{"jsonrpc":"2.0","id":\#(1_000_000 * (run + 1) + i),"method":"transition/sample","params":{"session":"\#(session)","to":\#(layouts[i % 2]),"progress":0.5}}"#
        }
        let bytes = busy.wire.framed("[" + starts.joined(separator: ",") + "]")
        let (wait, batch, _) = try bystanderWait(
            daemon: daemon, busy: busy, bystander: bystander, sending: bytes,
            replyStartingWith: UInt8(ascii: "["))
        waits.append(wait)
        batchTimes.append(batch)
    }
    return bystanderFigure(
        "bystander.behindBatch", waits: waits,
        note:
            "the longest session/list of a client asking again and again while another client's batch of 1,000 hypothetical transition/sample (each prepares a transition) on a \(items)-item session with ids was handled; median of \(waits.count) runs (the batch took \(format(median(batchTimes))) ms)"
    )
}

/// The largest `session/create` the default limits admit: a flow session of
/// `--max-items` items with sizes and string ids as long as fit in `--max-message-bytes`
/// (`limits`: the defaults, or 10,000 items in a smoke run). Returns its params.
private func largestSections(_ limits: ServiceLimits) -> (sections: String, reversed: String) {
    let items = smokeMode ? 10_000 : limits.maxItemsPerSession
    let sizes = (0..<items).map { "[\(40 + $0 % 7),\(30 + $0 % 5)]" }.joined(separator: ",")
    // Each id costs its length and 3 bytes (quotes and comma); 1 KiB for the rest.
    let digits = String(items).count
    let budget = (limits.maxMessageBytes - 1024 - sizes.utf8.count) / items - 3
    let width = smokeMode ? digits : Swift.max(digits, budget)
    let ids = (0..<items).map { i in
        let number = String(i)
        return "\"" + String(repeating: "0", count: width - number.count) + number + "\""
    }
    func sections(_ ids: [String]) -> String {
        #"[{"items":\#(items),"ids":[\#(ids.joined(separator: ","))],"sizes":[\#(sizes)]}]"#
    }
    return (sections(ids), sections(ids.reversed()))
}

/// `session/create` of the largest session (`largestSections`), three times.
private func waitBehindCreate(
    daemon: SocketDaemon, busy: RPCClient, bystander: RPCClient, sections: String,
    limits: ServiceLimits
) throws(BenchError) -> Figure {
    var waits: [Double] = []
    var cpu: [Double] = []
    var bytes = 0
    for run in 0..<(smokeMode ? 1 : 3) {
        let message = busy.wire.framed(
            #"{"jsonrpc":"2.0","id":\#(3_000_000 + run),"method":"session/create","params":{"viewport":{"width":375,"height":667},"sections":\#(sections),"layout":{"type":"flow"},"clock":"manual"}}"#
        )
        bytes = message.count
        let measured = try bystanderWait(
            daemon: daemon, busy: busy, bystander: bystander, sending: message,
            replyStartingWith: UInt8(ascii: "{"))
        waits.append(measured.wait)
        cpu.append(measured.cpu)
    }
    return bystanderFigure(
        "bystander.behindCreate", waits: waits,
        note:
            "the longest session/list of a client asking again and again while another client's session/create of \(smokeMode ? 10_000 : limits.maxItemsPerSession) items with string ids and sizes (\(bytes) bytes framed; the limits \(limits.maxItemsPerSession) items, \(limits.maxMessageBytes) bytes) was read and handled; median of \(waits.count) runs (the daemon's CPU: \(format(median(cpu))) ms)"
    )
}

/// `transition/start` on the largest session: to another layout of the same items
/// (`newItems` false), or with the items in reverse order (every element listed; each
/// start supersedes the one before, so it starts from frozen poses).
private func waitBehindStart(
    daemon: SocketDaemon, busy: RPCClient, bystander: RPCClient, sections: String,
    newItems: String?,
    limits: ServiceLimits
) throws(BenchError) -> Figure {
    let session = try busy.expect(
        "session/create",
        #"{"viewport":{"width":375,"height":667},"sections":\#(sections),"layout":{"type":"flow"},"clock":"manual"}"#,
        timeout: 120
    )["session"]!.stringValue!
    let layouts = [#"{"type":"list","rowHeight":44}"#, #"{"type":"flow"}"#]
    var waits: [Double] = []
    var cpu: [Double] = []
    var bytes = 0
    for run in 0..<(smokeMode ? 1 : 3) {
        let to = newItems.map { #"\#(layouts[run % 2]),"sections":\#($0)"# } ?? layouts[run % 2]
        let message = busy.wire.framed(
            #"{"jsonrpc":"2.0","id":\#(2_000_000 + run),"method":"transition/start","params":{"session":"\#(session)","to":\#(to)}}"#
        )
        bytes = Swift.max(bytes, message.count)
        let measured = try bystanderWait(
            daemon: daemon, busy: busy, bystander: bystander, sending: message,
            replyStartingWith: UInt8(ascii: "{"))
        waits.append(measured.wait)
        cpu.append(measured.cpu)
    }
    _ = try busy.expect("session/dispose", #"{"session":"\#(session)"}"#)
    let items = smokeMode ? 10_000 : limits.maxItemsPerSession
    let what =
        newItems == nil
        ? "to another layout of the same items"
        : "with the items in reverse order (every element listed, from the frozen poses of the start before; \(bytes) bytes framed)"
    var figure = Figure(
        name: newItems == nil ? "bystander.behindStart" : "bystander.behindStartNewItems",
        value: median(waits), unit: "ms",
        note:
            "the longest session/list of a client asking again and again while another client's transition/start \(what) on a flow session of \(items) items with string ids and sizes (the limit) was read and handled; median of \(waits.count) runs (the daemon's CPU: \(cpu.map { format($0) }.joined(separator: ", ")) ms)"
    )
    figure.samples = waits
    if !smokeMode { figure.target = .init(goal: "under 100 ms", met: figure.value < 100) }
    return figure
}

/// The median of `waits` (ms), with every run, and the 100 ms goal outside smoke runs.
private func bystanderFigure(_ name: String, waits: [Double], note: String) -> Figure {
    var figure = Figure(name: name, value: median(waits), unit: "ms", note: note)
    figure.samples = waits
    if !smokeMode { figure.target = .init(goal: "under 100 ms", met: figure.value < 100) }
    return figure
}
