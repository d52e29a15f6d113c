#if canImport(Glibc)
    import Glibc
#endif

// Streams of realtime ticks to one client that reads everything (a Unix socket, or a
// WebSocket for the `scale` group): the daemon's CPU and the ticks the client never saw
// (fan-out), and how evenly ticks arrive (pacing). Sessions are `K` cells of a 10-column grid (37.5-point squares in a
// 375-point-wide viewport as tall as K/10 rows), 10,000 items scrolled to row 100,
// transitioning linearly to a 10-column grid with spacing, for longer than the run.

/// What the client saw of one session's ticks within a window.
private struct SessionStream {
    var lastSeq: Int64 = 0
    var lastArrival: UInt64 = 0
    var ticks = 0
    var skipped = 0
}

/// How a stream run's client reaches the daemon.
enum StreamTransport: String {
    case unixSocket = "Unix-socket"
    /// TCP loopback (`--ws`), as a browser tab would.
    case webSocket = "WebSocket"
}

/// One measured window of a stream run.
struct StreamWindow {
    var seconds: Double
    var daemonCPUSeconds: Double
    /// This process's CPU: the client, to show that it keeps up.
    var clientCPUSeconds: Double
    var ticks: Int
    var attributes: Int
    var bytes: Int
    var skipped: Int
    /// Ticks per second of each session.
    var rates: [Double]
    /// Ticks per second each session made (seq advance), delivered or not.
    var emittedRates: [Double]
    /// Ticks the sessions' fps promised in the window that the client did not read.
    var missing: Int
    /// Sessions whose `transition/start` had no reply 10 s after it was sent.
    var unstarted: Int
    /// |interval - period| in ms, every session's consecutive arrivals.
    var deviations: [Double]
    /// The daemon's RSS at the end of the window.
    var daemonResidentBytes: Double
    /// The daemon's anonymous RSS per session, created and idle, before the run's
    /// transitions started (over all sessions but the first).
    var idleBytesPerSession: Double
}

/// `trials` independent runs, each with a fresh daemon measured over one window (once a
/// daemon falls behind it may stay behind, so windows of one daemon are not independent).
func streamTrials(
    _ trials: Int, sessions: Int, fps: Int, visible: Int, seconds: Double, inPhase: Bool = false
) throws(BenchError) -> [StreamWindow] {
    var list: [StreamWindow] = []
    for trial in 0..<trials {
        progress(
            "stream run \(trial): \(sessions) sessions x \(fps) fps\(inPhase ? ", in phase" : "")")
        list += try streamRun(
            sessions: sessions, fps: fps, visible: visible, encoding: "compact", windows: 1,
            seconds: seconds, inPhase: inPhase)
    }
    return list
}

/// Runs `sessions` realtime sessions at `fps` with about `visible` cells each, streamed
/// to one client over `transport`, and measures `windows` windows of `seconds` after a
/// warm-up.
func streamRun(
    sessions: Int, fps: Int, visible: Int, encoding: String,
    transport: StreamTransport = .unixSocket, windows: Int, seconds: Double,
    inPhase: Bool = false
) throws(BenchError) -> [StreamWindow] {
    let sessionLimit = ["--max-sessions", "\(max(64, sessions))"]
    let web = transport == .webSocket
    let daemon =
        try web
        ? SocketDaemon(sessionLimit + ["--ws", "127.0.0.1:0"], runtimeDirectory: true)
        : SocketDaemon(sessionLimit)
    defer { daemon.stop() }
    let client = try web ? daemon.connectWebSocket() : daemon.connect()
    defer { daemon.disconnect(client) }

    let rows = max(1, (visible + 9) / 10)
    let height = Double(rows) * 37.5
    let created = try createSessionsMeasuringMemory(
        sessions,
        params:
            #"{"viewport":{"width":375,"height":\#(height)},"sections":[{"items":10000}],"layout":{"type":"grid","columns":10,"spacing":0},"contentOffset":{"x":0,"y":3750},"clock":"realtime","fps":\#(fps),"encoding":"\#(encoding)"}"#,
        client: client, daemon: daemon.child)
    var ids: [Int] = []
    for id in created.ids {
        guard id.hasPrefix("s"), let n = Int(id.dropFirst()) else {
            throw BenchError("session/create: unexpected session id")
        }
        ids.append(n)
    }
    var streams = [SessionStream](repeating: SessionStream(), count: (ids.max() ?? 0) + 1)
    var deviations: [Double] = []
    deviations.reserveCapacity(Int(Double(sessions * fps) * seconds * 1.2))
    let period = 1e9 / Double(fps)
    var measuring = false
    client.onTick = { tick, time in
        guard tick.session < streams.count else { return }
        var s = streams[tick.session]
        if s.lastSeq > 0 && tick.seq > s.lastSeq + 1 { s.skipped += Int(tick.seq - s.lastSeq - 1) }
        if measuring {
            s.ticks += 1
            if s.lastArrival > 0 {
                deviations.append(abs(Double(time &- s.lastArrival) - period) / 1e6)
            }
        }
        s.lastSeq = tick.seq
        s.lastArrival = time
        streams[tick.session] = s
    }
    defer { client.onTick = nil }

    let duration = 60 + Double(windows) * seconds
    let to =
        #"{"type":"grid","columns":10,"spacing":1,"inset":{"top":1,"left":1,"bottom":1,"right":1}}"#
    // Either all transitions start in one write (their ticks fall due together), or
    // their starts are spread evenly over one tick period.
    let responses = client.responses
    let spreadStart = nowNanoseconds()
    var batch: [UInt8] = []
    for (i, id) in ids.enumerated() {
        let start = client.frame(
            "transition/start",
            #"{"session":"s\#(id)","to":\#(to),"duration":\#(duration),"timing":{"easing":"linear"}}"#
        )
        if inPhase {
            batch += start
            continue
        }
        let due = spreadStart + UInt64(Double(i) * period / Double(ids.count))
        while case let now = nowNanoseconds(), now < due {
            // poll(2) counts whole milliseconds: spin (without blocking) for the last one.
            let wait = Double(due - now) / 1e9
            try client.poll(timeout: wait > 0.0015 ? wait - 0.001 : 0)
        }
        client.wire.send(start)
    }
    if inPhase { client.wire.send(batch) }
    // A daemon whose connection is congested reads no requests until it catches up,
    // which a daemon that cannot keep up may never do: the sessions not started by then
    // count as ticks not read.
    let startDeadline = nowSeconds() + 10
    while client.responses - responses < ids.count && nowSeconds() < startDeadline {
        try client.poll(timeout: 0.1)
    }
    let unstarted = ids.count - (client.responses - responses)
    if unstarted > 0 {
        progress("\(unstarted) of \(ids.count) transition/start unanswered after 10 s")
    }
    guard client.errorResponses == 0 else { throw BenchError("transition/start failed") }
    try client.run(for: smokeMode ? 0.3 : 1)

    var results: [StreamWindow] = []
    for _ in 0..<windows {
        for i in streams.indices {
            streams[i].ticks = 0
            streams[i].skipped = 0
        }
        deviations.removeAll(keepingCapacity: true)
        let ticks0 = client.ticks
        let attributes0 = client.tickAttributes
        let bytes0 = client.wire.bytesReceived
        let seq0 = ids.map { streams[$0].lastSeq }
        let cpu0 = daemon.child.cpuSeconds
        let clientCPU0 = processCPUSeconds()
        let t0 = nowNanoseconds()
        measuring = true
        try client.run(for: seconds)
        measuring = false
        let elapsed = Double(nowNanoseconds() - t0) / 1e9
        let cpu = daemon.child.cpuSeconds - cpu0
        let clientCPU = processCPUSeconds() - clientCPU0
        let emitted = zip(ids, seq0).map { Double(streams[$0].lastSeq - $1) / elapsed }
        guard client.errorResponses == 0 else {
            throw BenchError("the daemon answered with an error")
        }
        results.append(
            StreamWindow(
                seconds: elapsed, daemonCPUSeconds: cpu, clientCPUSeconds: clientCPU,
                ticks: client.ticks - ticks0,
                attributes: client.tickAttributes - attributes0,
                bytes: client.wire.bytesReceived - bytes0,
                skipped: ids.reduce(0) { $0 + streams[$1].skipped },
                rates: ids.map { Double(streams[$0].ticks) / elapsed }, emittedRates: emitted,
                missing: max(
                    0,
                    Int((Double(ids.count * fps) * elapsed).rounded())
                        - (client.ticks - ticks0)),
                unstarted: unstarted, deviations: deviations.sorted(),
                daemonResidentBytes: daemon.child.residentBytes,
                idleBytesPerSession: created.bytesPerSession))
    }
    return results
}

// MARK: - fanout

/// S sessions x F fps x K visible cells to one reading client: the daemon's CPU share
/// and the ticks skipped (gaps in seq). Sessions start spread over one tick period;
/// then again all at once (`fanout.inPhase.*`), so that their ticks fall due together.
func fanoutBenchmarks() throws(BenchError) -> [Figure] {
    let (s, f, k) = smokeMode ? (10, 30, 20) : (200, 60, 100)
    let trials = smokeMode ? 1 : 3
    let seconds = smokeMode ? 0.5 : 3
    let setting = "\(s) sessions x \(f) fps x \(k) visible cells, compact, one Unix-socket client"
    var figures = fanoutFigures(
        try streamTrials(trials, sessions: s, fps: f, visible: k, seconds: seconds),
        prefix: "fanout", fps: f,
        note:
            "\(setting), starts spread over one period; median of \(trials) runs of \(format(seconds)) s, a fresh daemon each"
    )
    if !smokeMode {
        figures[0].target = .init(goal: "under half of one core", met: figures[0].value < 0.5)
        // Seq gaps only show between ticks that arrived: a stream that stopped has none.
        let complete = figures[2].value >= 0.99 * Double(f)
        figures[1].target = .init(
            goal:
                "zero skipped ticks for a client that keeps up (no seq gaps, and every session read at \(f) ticks/s)",
            met: figures[1].value == 0 && complete)
    }
    let phasedTrials = smokeMode ? 1 : 2
    figures += fanoutFigures(
        try streamTrials(
            phasedTrials, sessions: s, fps: f, visible: k, seconds: seconds, inPhase: true),
        prefix: "fanout.inPhase", fps: f,
        note:
            "\(setting), all started in one write; median of \(phasedTrials) runs of \(format(seconds)) s, a fresh daemon each"
    )
    .filter { !$0.name.hasSuffix("attributesPerTick") && !$0.name.hasSuffix("rate.min") }
    return figures
}

func fanoutFigures(_ runs: [StreamWindow], prefix: String, fps f: Int, note: String)
    -> [Figure]
{
    func figure(_ name: String, _ unit: String, _ values: [Double], _ what: String) -> Figure {
        var figure = Figure(
            name: "\(prefix).\(name)", value: median(values), unit: unit, note: what + note)
        figure.samples = values
        return figure
    }
    let skipped = runs.reduce(0) { $0 + $1.skipped }
    var skips = figure(
        "skippedTicks", "ticks", runs.map { Double($0.skipped) },
        "seq gaps seen by the client, all runs; ")
    skips.value = Double(skipped)
    var missing = figure(
        "missingTicks", "ticks", runs.map { Double($0.missing) },
        "ticks promised by the sessions' fps that the client did not read, all runs; ")
    missing.value = Double(runs.reduce(0) { $0 + $1.missing })
    return [
        figure(
            "daemonCPU", "cores", runs.map { $0.daemonCPUSeconds / $0.seconds },
            "daemon user+system CPU (/proc/PID/stat) / wall time; "),
        skips,
        figure(
            "rate", "ticks/s per session", runs.map { median($0.rates) },
            "median session, as read; \(f) expected; "),
        missing,
        figure(
            "rate.min", "ticks/s per session", runs.map { $0.rates.min() ?? 0 },
            "slowest session, as read; \(f) expected; "),
        figure(
            "emittedRate", "ticks/s per session", runs.map { median($0.emittedRates) },
            "median session's seq advance per second (ticks made, delivered or coalesced); "),
        figure(
            "attributesPerTick", "attributes/tick",
            runs.map { $0.ticks > 0 ? Double($0.attributes) / Double($0.ticks) : .nan }, ""),
        figure(
            "daemonCPUPerAttribute", "ns/attribute",
            runs.map {
                $0.attributes > 0 ? $0.daemonCPUSeconds * 1e9 / Double($0.attributes) : .nan
            },
            "daemon CPU per attribute delivered (interpolate, encode, write); "),
        figure(
            "throughput", "MB/s", runs.map { Double($0.bytes) / $0.seconds / 1e6 },
            "bytes read by the client; "),
        figure(
            "clientCPU", "cores", runs.map { $0.clientCPUSeconds / $0.seconds },
            "the benchmark client's own CPU (it reads every tick); "),
    ]
}

// MARK: - pacing

/// 50 realtime sessions at 120 fps: how far tick intervals seen by the client stray
/// from 8.333 ms, and the rate achieved.
func pacingBenchmarks() throws(BenchError) -> [Figure] {
    let (s, f, k) = smokeMode ? (5, 120, 20) : (50, 120, 100)
    let trials = smokeMode ? 1 : 3
    let seconds = smokeMode ? 0.5 : 3
    let runs = try streamTrials(trials, sessions: s, fps: f, visible: k, seconds: seconds)
    let note =
        "\(s) sessions x \(f) fps x \(k) visible cells, compact, one Unix-socket client, starts spread over one period; median of \(trials) runs of \(format(seconds)) s, a fresh daemon each"
    // The floor: how evenly this machine wakes a plain thread on the same grid, now.
    let floor = sleeperDeviations(fps: f, seconds: smokeMode ? 0.3 : 2).sorted()
    let floorName = "sleeping thread (machine floor)"
    let p50 = Figure(
        name: "pacing.deviation.p50", value: median(runs.map { percentile($0.deviations, 0.5) }),
        unit: "ms",
        baselineName: floorName, baselineValue: percentile(floor, 0.5),
        note:
            "|interval - \(format(1000 / Double(f))) ms| between a session's ticks as read, all sessions; "
            + note)
    var p99 = Figure(
        name: "pacing.deviation.p99", value: median(runs.map { percentile($0.deviations, 0.99) }),
        unit: "ms",
        baselineName: floorName, baselineValue: percentile(floor, 0.99),
        note:
            "|interval - \(format(1000 / Double(f))) ms| between a session's ticks as read, all sessions; "
            + note)
    let largest = Figure(
        name: "pacing.deviation.max", value: median(runs.map { $0.deviations.last ?? .nan }),
        unit: "ms",
        baselineName: floorName, baselineValue: floor.last,
        note: "largest deviation; " + note)
    var rate = Figure(
        name: "pacing.rate",
        value: median(runs.map { $0.rates.reduce(0, +) / Double(max(1, $0.rates.count)) }),
        unit: "ticks/s per session", note: "mean over sessions; \(f) expected; " + note)
    let minimumRate = Figure(
        name: "pacing.rate.min", value: median(runs.map { $0.rates.min() ?? 0 }),
        unit: "ticks/s per session",
        note: "slowest session; " + note)
    let skipped = Figure(
        name: "pacing.skippedTicks", value: Double(runs.reduce(0) { $0 + $1.skipped }),
        unit: "ticks",
        note: "seq gaps seen by the client, all runs; " + note)
    let cpu = Figure(
        name: "pacing.daemonCPU", value: median(runs.map { $0.daemonCPUSeconds / $0.seconds }),
        unit: "cores",
        note: "daemon user+system CPU (/proc/PID/stat) / wall time; " + note)
    let clientCPU = Figure(
        name: "pacing.clientCPU", value: median(runs.map { $0.clientCPUSeconds / $0.seconds }),
        unit: "cores",
        note: "the benchmark client's own CPU; " + note)
    if !smokeMode {
        p99.target = .init(goal: "p99 deviation under 1 ms", met: p99.value < 1)
        rate.target = .init(
            goal: "within 1% of \(f)", met: abs(rate.value - Double(f)) <= 0.01 * Double(f))
    }
    return [p50, p99, largest, rate, minimumRate, skipped, cpu, clientCPU]
}

/// |interval - period| in ms between the wake-ups of this thread sleeping to absolute
/// deadlines on a `fps` grid for `seconds`.
private func sleeperDeviations(fps: Int, seconds: Double) -> [Double] {
    let period = 1_000_000_000 / UInt64(fps)
    let start = nowNanoseconds()
    var deviations: [Double] = []
    var last: UInt64 = 0
    for k in 1...max(2, Int(seconds * Double(fps))) {
        let deadline = start + UInt64(k) * 1_000_000_000 / UInt64(fps)
        var ts = timespec(
            tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
        let t = nowNanoseconds()
        if last > 0 { deviations.append(abs(Double(t &- last) - Double(period)) / 1e6) }
        last = t
    }
    return deviations
}
