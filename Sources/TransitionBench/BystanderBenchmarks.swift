/// How long a client waits for a brief request (`session/list`) while another client's
/// costly work is in the daemon: a long batch, which takes turns with the others, and one
/// request on a very large session, which is handled whole (Protocol 2.4).
func bystanderBenchmarks() throws(BenchError) -> [Figure] {
    let daemon = try SocketDaemon()
    defer { daemon.stop() }
    let busy = try daemon.connect(name: "busy")
    let bystander = try daemon.connect(name: "bystander")
    return [
        try waitBehindBatch(busy: busy, bystander: bystander),
        try waitBehindStart(busy: busy, bystander: bystander),
    ]
}

/// The bystander's request, sent right after `busy` sent `bytes`: its wait in ms, and the
/// time until `busy` has the reply it waits for (a body whose first byte is `first`).
private func bystanderWait(
    busy: RPCClient, bystander: RPCClient, sending bytes: [UInt8], replyStartingWith first: UInt8
) throws(BenchError) -> (wait: Double, busy: Double) {
    let sent = nowSeconds()
    busy.wire.send(bytes)
    try bystander.expect("session/list")
    let wait = (nowSeconds() - sent) * 1000
    var answered = false
    let deadline = nowSeconds() + 120
    while !answered {
        guard nowSeconds() < deadline else { throw BenchError("busy: no reply within 120 s") }
        _ = busy.wire.pump(timeout: 1)
        try busy.wire.drain { body throws(BenchError) in
            if body.first == first { answered = true }
        }
    }
    return (wait, (nowSeconds() - sent) * 1000)
}

/// A batch of 1,000 hypothetical `transition/sample` (a transition prepared for each,
/// none started) on a 10,000-item session.
private func waitBehindBatch(busy: RPCClient, bystander: RPCClient) throws(BenchError) -> Figure {
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
        let (wait, batch) = try bystanderWait(
            busy: busy, bystander: bystander, sending: bytes, replyStartingWith: UInt8(ascii: "["))
        waits.append(wait)
        batchTimes.append(batch)
    }
    var figure = Figure(
        name: "bystander.behindBatch", value: median(waits), unit: "ms",
        note:
            "session/list sent right after another client's batch of 1,000 hypothetical transition/sample (each prepares a transition) on a \(items)-item session with ids, to its reply; median of \(waits.count) runs (the batch took \(format(median(batchTimes))) ms)"
    )
    figure.samples = waits
    if !smokeMode { figure.target = .init(goal: "under 100 ms", met: figure.value < 100) }
    return figure
}

/// One `transition/start` on a flow session of 1,000,000 items with ids and sizes.
private func waitBehindStart(busy: RPCClient, bystander: RPCClient) throws(BenchError) -> Figure {
    let items = smokeMode ? 10_000 : 1_000_000
    var sections = #"{"items":\#(items),"ids":["#
    sections += (0..<items).map(String.init).joined(separator: ",")
    sections += #"],"sizes":["#
    sections += (0..<items).map { "[\(40 + $0 % 7),\(30 + $0 % 5)]" }.joined(separator: ",")
    sections += "]}"
    let session = try busy.expect(
        "session/create",
        #"{"viewport":{"width":375,"height":667},"sections":[\#(sections)],"layout":{"type":"flow"},"clock":"manual"}"#,
        timeout: 120
    )["session"]!.stringValue!
    let layouts = [#"{"type":"list","rowHeight":44}"#, #"{"type":"flow"}"#]
    var waits: [Double] = []
    for run in 0..<(smokeMode ? 1 : 3) {
        let bytes = busy.wire.framed(
            #"{"jsonrpc":"2.0","id":\#(2_000_000 + run),"method":"transition/start","params":{"session":"\#(session)","to":\#(layouts[run % 2])}}"#
        )
        waits.append(
            try bystanderWait(
                busy: busy, bystander: bystander, sending: bytes,
                replyStartingWith: UInt8(ascii: "{")
            ).wait)
    }
    var figure = Figure(
        name: "bystander.behindStart", value: median(waits), unit: "ms",
        note:
            "session/list sent right after another client's transition/start on a flow session of \(items) items with ids and sizes (handled whole), to its reply; median of \(waits.count) runs"
    )
    figure.samples = waits
    return figure
}
