import TransitionDaemon
import TransitionForwarder
import TransitionService

// The tick path end to end: interpolate, encode and write about 200 visible
// attributes, through the daemon. A manual-clock session holds the geometry of the
// `transition` group's in-process figure (`tickBenchScene`); each `clock/advance` makes
// one tick. The client keeps a few requests in flight so that the daemon never waits
// for it, and counts the attributes of the ticks it reads. The in-process figure is
// measured in the same run, beside it.

/// The session of `tickBenchScene`, as `session/create` params.
func tickBenchSessionParams(
    encoding: String, precision: Int? = nil, clock: String = "manual", fps: Int = 60
) -> String {
    let rounding = precision.map { #","precision":\#($0)"# } ?? ""
    return
        #"{"viewport":{"width":375,"height":1200},"sections":[{"items":100000}],"layout":\#(tickBenchFrom),"contentOffset":{"x":0,"y":50000},"clock":"\#(clock)","fps":\#(fps),"encoding":"\#(encoding)"\#(rounding)}"#
}

/// The layouts of `tickBenchScene`.
let tickBenchFrom = #"{"type":"grid","columns":8,"spacing":0}"#
let tickBenchTo =
    #"{"type":"grid","columns":8,"spacing":2,"inset":{"top":4,"left":4,"bottom":4,"right":4}}"#

func tickPathBenchmarks() throws(BenchError) -> [Figure] {
    let rounds = smokeMode ? 2 : 5
    let advances = smokeMode ? 40 : 1000
    let inFlight = 8
    // The scene has 100,000 items, over the default limit.
    let server = try StdioServer(try ServerSpec.transitiond(["--max-items", "100000"]))
    defer { server.stop() }
    try server.initialize()
    let client = server.client
    guard var scene = tickBenchScene() else {
        throw BenchError("the tick benchmark scene did not build")
    }

    var figures: [Figure] = []
    var attributesPerTick: [Double] = []
    // Each format with the whole tick in every clock/advance reply (the default), and
    // compact once more with brief replies: the attributes then come once, in the tick.
    let variants =
        tickBenchFormats.map { (name: $0.name, format: $0.format, brief: false) }
        + [(name: "compact.brief", format: AttributeFormat(encoding: .compact), brief: true)]
    for (formatName, format, brief) in variants {
        let reply = brief ? #","reply":"brief""# : ""
        let created = try client.expect(
            "session/create",
            tickBenchSessionParams(encoding: format.encoding.rawValue, precision: format.precision))
        guard let session = created["session"]?.stringValue else {
            throw BenchError("session/create: no session id")
        }
        var wall: [Double] = []
        var totalAttributes = 0
        var totalBytes = 0
        var cpu = 0.0
        for round in 0..<(rounds + 1) {
            // Round 0 warms up; each round is one transition, alternately there and back.
            let to = round % 2 == 0 ? tickBenchTo : tickBenchFrom
            try client.expect(
                "transition/start", #"{"session":"\#(session)","to":\#(to),"duration":1}"#)
            let step = 1 / Double(advances + 1)
            let attributesBefore = client.tickAttributes
            let ticksBefore = client.ticks
            let bytesBefore = client.wire.bytesReceived
            let responsesBefore = client.responses
            let cpuBefore = server.child.cpuSeconds
            let t0 = nowNanoseconds()
            var sent = 0
            while client.responses - responsesBefore < advances {
                while sent < advances && sent - (client.responses - responsesBefore) < inFlight {
                    client.wire.send(
                        client.frame(
                            "clock/advance", #"{"session":"\#(session)","by":\#(step)\#(reply)}"#))
                    sent += 1
                }
                try client.poll(timeout: 10)
            }
            let elapsed = Double(nowNanoseconds() - t0)
            let cpuUsed = server.child.cpuSeconds - cpuBefore
            let attributes = client.tickAttributes - attributesBefore
            let ticks = client.ticks - ticksBefore
            guard ticks == advances, attributes > 0 else {
                throw BenchError(
                    "\(advances) clock/advance calls brought \(ticks) ticks with \(attributes) attributes"
                )
            }
            if client.errorResponses > 0 { throw BenchError("clock/advance failed") }
            // Finish the transition (its last tick and didEnd are not timed).
            try client.expect("clock/advance", #"{"session":"\#(session)","by":1}"#)
            guard round > 0 else { continue }
            wall.append(elapsed / Double(attributes))
            totalAttributes += attributes
            totalBytes += client.wire.bytesReceived - bytesBefore
            cpu += cpuUsed
            attributesPerTick.append(Double(attributes) / Double(ticks))
        }
        _ = try? client.call("session/dispose", #"{"session":"\#(session)"}"#)

        let inProcess = inProcessTickCost(
            &scene, format: format, rounds: smokeMode ? 100 : 2000, runs: smokeMode ? 3 : 7)
        let name = "tickpath.\(formatName)"
        let note =
            "\(advances) clock/advance x \(rounds) rounds, \(inFlight) in flight; 8-column grids, 375x1200, manual clock; "
            + (brief
                ? "brief clock/advance replies (\"reply\": \"brief\"): the attributes come once, in the tick"
                : "each clock/advance reply repeats the tick (encoded once, written twice)")
        var all = Figure(
            name: "\(name).all", value: median(wall), unit: "ns/attribute",
            baselineName: "in-process (tick.\(brief ? "compact" : formatName).all)",
            baselineValue: inProcess.nanosecondsPerAttribute,
            note: "wall time per attribute read by the client; " + note)
        if brief && !smokeMode {
            all.target = .init(goal: "at most 300 ns per attribute, all in", met: all.value <= 300)
        }
        figures.append(all)
        figures.append(
            Figure(
                name: "\(name).daemonCPU", value: cpu * 1e9 / Double(totalAttributes),
                unit: "ns/attribute",
                note: "daemon user+system CPU (/proc/PID/stat) per attribute; " + note))
        figures.append(
            Figure(
                name: "\(name).bytesPerAttribute",
                value: Double(totalBytes) / Double(totalAttributes), unit: "bytes",
                note: "bytes read (ticks and replies) per tick attribute"))
    }
    figures.insert(
        Figure(
            name: "tickpath.visibleAttributes", value: median(attributesPerTick),
            unit: "attributes/tick"), at: 0)
    return figures
}
