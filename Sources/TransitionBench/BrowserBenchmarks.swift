import JSONRPC

#if canImport(Glibc)
    import Glibc
#endif

/// What a page's main thread spends to read one tick, in headless Chromium
/// (browser-decode.py): JSON.parse of the objects and compact ticks, decodeBinaryTick of
/// the binary frame (typed arrays over it), and attributeObjects of that, at about 100
/// and 1,000 attributes; the ticks of one transition from the in-page module, the same
/// moments in each encoding. Also each encoding's bytes per attribute. Then a page that
/// streams a 60 fps session of the daemon over WebSocket and draws every tick
/// (browser-stream.py): frames drawn and ticks received per second, the main thread's
/// time per tick and the daemon's CPU, per encoding. Without Chromium (or the module),
/// each figure says why it is missing.
func browserBenchmarks() throws(BenchError) -> [Figure] {
    var figures: [Figure]
    do {
        figures = try browserDecodeFigures()
    } catch {
        figures = BrowserBench.decodeFigureNames.map { name, unit in
            missingFigure(name, unit: unit, error.description)
        }
    }
    do {
        figures += try browserStreamFigures()
    } catch {
        figures += BrowserBench.streamFigureNames.map { name, unit in
            missingFigure(name, unit: unit, error.description)
        }
    }
    return figures
}

enum BrowserBench {
    static let encodings = ["objects", "compact", "binary", "binaryObjects"]
    static let streamEncodings = ["objects", "compact", "binary"]
    static let sizes = ["100", "1000"]

    /// Every figure of the group, with its unit.
    static var figureNames: [(String, String)] { decodeFigureNames + streamFigureNames }

    static var decodeFigureNames: [(String, String)] {
        sizes.flatMap { size in
            encodings.map { ("browser.decode.\($0).\(size)", "us") }
                + encodings.dropLast().map { ("browser.bytesPerAttribute.\($0).\(size)", "bytes") }
        }
    }

    static var streamFigureNames: [(String, String)] {
        [("browser.idleFramesPerSecond", "frames/s")]
            + sizes.flatMap { size in
                streamEncodings.flatMap { encoding in
                    [
                        ("browser.framesPerSecond.\(encoding).\(size)", "frames/s"),
                        ("browser.ticksPerSecond.\(encoding).\(size)", "ticks/s"),
                        ("browser.mainThreadPerTick.\(encoding).\(size)", "us"),
                        ("browser.daemonCPU.\(encoding).\(size)", "cores"),
                    ]
                }
            }
    }
}

/// The repository's root, from this file's path (the page scripts are beside it).
private let repository = String(
    #filePath.dropLast("Sources/TransitionBench/BrowserBenchmarks.swift".count))

private func browserDecodeFigures() throws(BenchError) -> [Figure] {
    let ticks = 20
    let runs = smokeMode ? 2 : 7
    let iterations = smokeMode ? 40 : 2000
    let child = try ChildProcess.spawn(
        "/usr/bin/env",
        [
            "python3", repository + "Sources/TransitionBench/browser-decode.py", String(ticks),
            String(runs), String(iterations),
        ], pipes: true)
    let output = readToEnd(child.stdoutFD)
    _ = child.wait(timeout: 600)
    let line = output.split(separator: "\n").last.map(String.init) ?? ""
    let parsed = try? JSONValue(parsing: line)
    if let why = parsed?["missing"]?.stringValue { throw BenchError(why) }
    guard let scenes = parsed?["scenes"]?.arrayValue, scenes.count == 2 else {
        throw BenchError("browser-decode.py gave no figures: '\(output.prefix(300))'")
    }
    var figures: [Figure] = []
    for scene in scenes {
        let attributes = scene["attributes"]?.doubleValue ?? 0
        let size = attributes >= 500 ? "1000" : "100"
        let perTick = { (encoding: String) -> [Double] in
            (scene["nanosecondsPerTick"]?[encoding]?.arrayValue ?? []).compactMap(\.doubleValue)
        }
        let compact = median(perTick("compact")) / 1000
        let note =
            "\(Int(attributes)) attributes a tick, \(ticks) ticks of a grid-to-grid transition from the in-page module, read \(iterations) times a run, \(runs) runs, median, performance.now() in headless Chromium"
        for (encoding, what) in [
            ("objects", "JSON.parse of the objects tick"),
            ("compact", "JSON.parse of the compact tick"),
            ("binary", "decodeBinaryTick of the binary frame: typed arrays over it"),
            ("binaryObjects", "attributeObjects(decodeBinaryTick(frame).attributes)"),
        ] {
            let measured = perTick(encoding)
            var figure = Figure(
                name: "browser.decode.\(encoding).\(size)", value: median(measured) / 1000,
                unit: "us", note: "\(what); \(note)", samples: measured.map { $0 / 1000 })
            if encoding != "compact" {
                figure.baselineName = "compact (JSON.parse)"
                figure.baselineValue = compact
            }
            if encoding == "binary" && size == "1000" && !smokeMode {
                figure.target = .init(
                    goal: "at least 5x less than JSON.parse of the compact tick",
                    met: figure.value * 5 <= compact)
            }
            figures.append(figure)
        }
        for encoding in ["objects", "compact", "binary"] {
            let bytes = scene["bytes"]?[encoding]?.doubleValue ?? 0
            figures.append(
                Figure(
                    name: "browser.bytesPerAttribute.\(encoding).\(size)",
                    value: bytes / max(attributes, 1), unit: "bytes",
                    note: "the tick message's bytes over its attributes, mean of \(ticks) ticks"))
        }
    }
    return figures
}

/// A 60 fps session of the daemon (`--ws`) read and drawn by a page in headless
/// Chromium, each encoding at about 100 and 1,000 items in turn: see browser-stream.py.
private func browserStreamFigures() throws(BenchError) -> [Figure] {
    let warmup = smokeMode ? 0.2 : 1.0
    let window = smokeMode ? 0.5 : 5.0
    let pagePort = try freeLoopbackPort()
    // The page is served on its own port: the daemon lets that origin connect.
    let daemon = try SocketDaemon(
        ["--ws", "127.0.0.1:0", "--allow-origin", "http://127.0.0.1:\(pagePort)"],
        runtimeDirectory: true)
    defer { daemon.stop() }
    let (port, token) = try readWebJSON(daemon.runtimePath + "/transitiond/web.json")
    progress("browser: streaming to headless Chromium")
    // The URL (and its token) in the environment, not on a command line others can read.
    let child = try ChildProcess.spawn(
        "/usr/bin/env",
        [
            "python3", repository + "Sources/TransitionBench/browser-stream.py",
            String(daemon.child.pid), String(pagePort), String(warmup), String(window),
        ], pipes: true, environment: ["BROWSER_BENCH_WS=ws://127.0.0.1:\(port)/?token=\(token)"])
    let output = readToEnd(child.stdoutFD)
    _ = child.wait(timeout: 600)
    let line = output.split(separator: "\n").last.map(String.init) ?? ""
    let parsed = try? JSONValue(parsing: line)
    if let why = parsed?["missing"]?.stringValue { throw BenchError(why) }
    guard let runs = parsed?["runs"]?.arrayValue,
        runs.count == BrowserBench.sizes.count * BrowserBench.streamEncodings.count,
        let idle = parsed?["idleAnimationFrames"]?.doubleValue
    else {
        throw BenchError("browser-stream.py gave no figures: '\(output.prefix(300))'")
    }
    // Chromium counts performance.now() in steps of 5 us in an isolated page, 100 elsewhere.
    let clock =
        parsed?["crossOriginIsolated"]?.boolValue == true
        ? "performance.now() in a cross-origin-isolated page (5 us steps)"
        : "performance.now() (100 us steps: the page was not cross-origin isolated)"
    let rates = runs.compactMap { $0["animationFramesPerSecond"]?.doubleValue }
    let frameLimit =
        "headless Chromium (--headless=new) runs requestAnimationFrame at \(format(idle)) a second in an idle page, "
        + "\(format(rates.min() ?? 0))-\(format(rates.max() ?? 0)) while streaming"
    var figures = [
        Figure(
            name: "browser.idleFramesPerSecond", value: idle, unit: "frames/s",
            note:
                "requestAnimationFrame callbacks a second in the idle page over \(format(window)) s: the most frames it can draw"
        )
    ]
    let byKey = Dictionary(
        runs.map { run in
            ("\(run["encoding"]?.stringValue ?? "").\(run["scene"]?.stringValue ?? "")", run)
        }, uniquingKeysWith: { first, _ in first })
    for size in BrowserBench.sizes {
        let number = { (encoding: String, member: String) -> Double in
            byKey["\(encoding).\(size)"]?[member]?.doubleValue ?? 0
        }
        for encoding in BrowserBench.streamEncodings {
            let attributes = format(number(encoding, "attributes").rounded())
            let session =
                "a 60 fps session of \(attributes) attributes a tick (a grid-to-grid transition), \(encoding) encoding, "
                + "read over WebSocket with transitiond.js and drawn on a canvas (one fillRect per attribute) "
                + "from requestAnimationFrame; \(format(window)) s after \(format(warmup)) s of warm-up"
            var mainThread = Figure(
                name: "browser.mainThreadPerTick.\(encoding).\(size)",
                value: number(encoding, "mainThreadMicrosecondsPerTick"), unit: "us",
                note:
                    "main-thread time decoding (transitiond.js: JSON.parse, or decodeBinaryTick for binary) and drawing, "
                    + "over the ticks received, \(clock): decoding \(format(number(encoding, "decodeMicrosecondsPerTick"))) us a tick, "
                    + "drawing \(format(number(encoding, "drawMicrosecondsPerFrame"))) us a frame; \(session)"
            )
            var daemonCPU = Figure(
                name: "browser.daemonCPU.\(encoding).\(size)",
                value: number(encoding, "daemonCores"), unit: "cores",
                note:
                    "daemon user+system CPU (/proc/PID/stat, in steps of 10 ms) over the window's wall time; \(session)"
            )
            if encoding != "compact" {
                mainThread.baselineName = "compact"
                mainThread.baselineValue = number("compact", "mainThreadMicrosecondsPerTick")
                daemonCPU.baselineName = "compact"
                daemonCPU.baselineValue = number("compact", "daemonCores")
            }
            figures += [
                Figure(
                    name: "browser.framesPerSecond.\(encoding).\(size)",
                    value: number(encoding, "framesPerSecond"), unit: "frames/s",
                    note:
                        "animation frames that painted a newer tick than the last one painted, a second; \(frameLimit); \(session)"
                ),
                Figure(
                    name: "browser.ticksPerSecond.\(encoding).\(size)",
                    value: number(encoding, "ticksPerSecond"), unit: "ticks/s",
                    note: "ticks the page received a second; \(session)"),
                mainThread, daemonCPU,
            ]
        }
    }
    return figures
}

/// A TCP port on loopback that nothing listens on now.
private func freeLoopbackPort() throws(BenchError) -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
    }
    guard bound else { throw BenchError("no free port: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
}
