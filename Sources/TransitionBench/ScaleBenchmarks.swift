// The daemon at scale: 1,000 realtime sessions at 60 fps of about 50 visible cells each,
// streamed to one client that reads every tick, over a Unix socket (compact) and over a
// WebSocket (binary frames, Protocol 8.3), in turns: the daemon's CPU, the share of
// ticks the client did not get, and the daemon's memory per idle session and while
// streaming. A run of 25 cells a session splits the daemon's CPU into a cost per tick
// and a cost per attribute. The streams are the fan-out group's (`streamRun`).

/// One way of streaming measured at scale.
private struct ScaleStream {
    var prefix: String
    var transport: StreamTransport
    var encoding: String
}

func scaleBenchmarks() throws(BenchError) -> [Figure] {
    let (s, f, k, fewer) = smokeMode ? (20, 60, 50, 20) : (1000, 60, 50, 20)
    let trials = smokeMode ? 1 : 2
    let seconds = smokeMode ? 0.3 : 3
    let streams = [
        ScaleStream(prefix: "scale.compact", transport: .unixSocket, encoding: "compact"),
        ScaleStream(prefix: "scale.binary", transport: .webSocket, encoding: "binary"),
    ]
    func run(_ stream: ScaleStream, cells: Int, label: String) throws(BenchError) -> StreamWindow {
        progress(
            "scale \(label): \(s) sessions x \(f) fps x \(cells) cells, \(stream.encoding) over \(stream.transport.rawValue)"
        )
        return try streamRun(
            sessions: s, fps: f, visible: cells, encoding: stream.encoding,
            transport: stream.transport, windows: 1, seconds: seconds)[0]
    }
    var runs: [String: [StreamWindow]] = [:]
    var fewerCells: [String: StreamWindow] = [:]
    // In turns, so that the machine's drift weighs on both transports alike.
    for trial in 0..<trials {
        for stream in streams {
            runs[stream.prefix, default: []].append(
                try run(stream, cells: k, label: "run \(trial)"))
        }
    }
    for stream in streams {
        fewerCells[stream.prefix] = try run(stream, cells: fewer, label: "split")
    }

    var figures: [Figure] = []
    for stream in streams {
        let list = runs[stream.prefix]!
        let setting =
            "\(s) sessions x \(f) fps x \(k) visible cells, \(stream.encoding), one \(stream.transport.rawValue) client, starts spread over one period; median of \(trials) runs of \(format(seconds)) s, a fresh daemon each"
        var group = fanoutFigures(list, prefix: stream.prefix, fps: f, note: setting)
        group.append(
            lostShareFigure(list, prefix: stream.prefix, sessions: s, fps: f, note: setting))
        var unstarted = Figure(
            name: "\(stream.prefix).unstartedSessions",
            value: median(list.map { Double($0.unstarted) }),
            unit: "sessions",
            note:
                "sessions whose transition/start had no reply 10 s after it was sent (a congested connection's requests wait until it catches up); "
                + setting)
        unstarted.samples = list.map { Double($0.unstarted) }
        group.append(unstarted)
        var rss = Figure(
            name: "\(stream.prefix).daemonRSS", value: median(list.map(\.daemonResidentBytes)),
            unit: "bytes", note: "the daemon's RSS at the end of the window; " + setting)
        rss.samples = list.map(\.daemonResidentBytes)
        group.append(rss)
        group += splitFigures(
            list, fewerCells[stream.prefix]!, prefix: stream.prefix, cells: (k, fewer),
            note: setting)
        if !smokeMode {
            // A daemon that cannot keep up uses at most a core: its CPU meets the goal only
            // at the full rate.
            let lost = group.first { $0.name == "\(stream.prefix).lostShare" }!.value
            for i in group.indices {
                switch group[i].name {
                case "\(stream.prefix).daemonCPU":
                    group[i].target = .init(
                        goal: "1 core or less, with under 1% of the ticks lost",
                        met: group[i].value <= 1 && lost < 1)
                case "\(stream.prefix).lostShare":
                    group[i].target = .init(
                        goal: "under 1% of the ticks promised", met: group[i].value < 1)
                default: break
                }
            }
        }
        figures += group
    }

    let idle = streams.flatMap { runs[$0.prefix]!.map(\.idleBytesPerSession) }
    var idleFigure = Figure(
        name: "scale.memory.idlePerSession", value: median(idle), unit: "bytes/session",
        note:
            "anonymous RSS growth / \(s - 1) sessions created and idle (10-column grid of 10,000 uniform items, realtime clock, no transition yet), one connection, after a first session: memory.uniform.perSession's measure (createSessionsMeasuringMemory) with this group's sessions; median of the \(idle.count) runs above"
    )
    idleFigure.samples = idle
    if !smokeMode {
        idleFigure.target = .init(
            goal: "at most 1.4 KB (1,400 bytes), memory.uniform.perSession's figure",
            met: idleFigure.value <= 1400)
    }
    figures.append(idleFigure)
    return figures
}

/// The ticks the client did not get, as a share of those the sessions' fps promised:
/// seq gaps count ticks coalesced (or not built) for a client that fell behind, ticks
/// not read count those too and the grid points a late daemon skipped. A coalesced tick
/// is in both, so each run counts the larger of the two.
private func lostShareFigure(
    _ runs: [StreamWindow], prefix: String, sessions: Int, fps: Int, note: String
) -> Figure {
    let promised = runs.map { Double(sessions * fps) * $0.seconds }
    let lost = runs.map { Double(max($0.skipped, $0.missing)) }
    var figure = Figure(
        name: "\(prefix).lostShare",
        value: 100 * lost.reduce(0, +) / max(1, promised.reduce(0, +)), unit: "% of ticks",
        note:
            "ticks coalesced or not read (the larger of seq gaps and ticks promised by the fps but not read, per run) / ticks promised, all runs; "
            + note)
    figure.samples = zip(lost, promised).map { 100 * $0 / max(1, $1) }
    return figure
}

/// The daemon's CPU split into a cost per tick and a cost per attribute, from the runs
/// of `cells.more` cells a session and one of `cells.fewer`: the same ticks a second
/// with fewer attributes each. Two equations, CPU = perTick x ticks + perAttribute x
/// attributes, the counts as the client read them.
private func splitFigures(
    _ runs: [StreamWindow], _ fewer: StreamWindow, prefix: String, cells: (more: Int, fewer: Int),
    note: String
) -> [Figure] {
    let seconds = runs.reduce(0) { $0 + $1.seconds }
    let cpu1 = runs.reduce(0) { $0 + $1.daemonCPUSeconds } / seconds
    let ticks1 = Double(runs.reduce(0) { $0 + $1.ticks }) / seconds
    let attributes1 = Double(runs.reduce(0) { $0 + $1.attributes }) / seconds
    let cpu2 = fewer.daemonCPUSeconds / fewer.seconds
    let ticks2 = Double(fewer.ticks) / fewer.seconds
    let attributes2 = Double(fewer.attributes) / fewer.seconds
    let determinant = ticks1 * attributes2 - ticks2 * attributes1
    let perTick = (cpu1 * attributes2 - cpu2 * attributes1) / determinant
    let perAttribute = (ticks1 * cpu2 - ticks2 * cpu1) / determinant
    let setting =
        "\(format(cpu1)) cores at \(format(attributes1 / max(1, ticks1))) attributes a tick (the runs above) against \(format(cpu2)) at \(format(attributes2 / max(1, ticks2))) (one run of \(cells.fewer) visible cells), solved for CPU = perTick x ticks + perAttribute x attributes; "
        + note
    return [
        Figure(
            name: "\(prefix).split.fewerCells.daemonCPU", value: cpu2, unit: "cores",
            note:
                "daemon CPU / wall time, \(cells.fewer) visible cells a session, one run, \(format(fewer.seconds)) s; "
                + note),
        Figure(
            name: "\(prefix).split.perTick", value: perTick * 1e9, unit: "ns/tick",
            note: "daemon CPU per tick, whatever its size (timer, tick header, framing, write); "
                + setting),
        Figure(
            name: "\(prefix).split.perAttribute", value: perAttribute * 1e9, unit: "ns/attribute",
            note: "daemon CPU per attribute beyond a tick's own cost (interpolate, encode, copy); "
                + setting),
        Figure(
            name: "\(prefix).split.perTickShare", value: 100 * perTick * ticks1 / cpu1,
            unit: "% of daemon CPU",
            note: "the per-tick cost's share of the daemon's CPU at \(cells.more) visible cells; "
                + setting),
    ]
}
