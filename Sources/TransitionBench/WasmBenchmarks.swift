import JSONRPC
import TransitionService
import TransitionWasm

#if canImport(Glibc)
    import Glibc
#endif

/// The WebAssembly module (Clients/web/transitiond.wasm, from scripts/build-wasm.sh): its
/// size, the time to answer a transition/sample of 400 attributes in Node and in headless
/// Chromium beside the same Swift code compiled natively (`HostedDaemon`, in this
/// process), one run, and the ticks a realtime transition gets in Chromium.
func wasmBenchmarks() throws(BenchError) -> [Figure] {
    let repository = String(
        #filePath.dropLast("Sources/TransitionBench/WasmBenchmarks.swift".count))
    let module = repository + "Clients/web/transitiond.wasm"
    guard access(module, R_OK) == 0 else {
        throw BenchError("\(module) is missing: run bash scripts/build-wasm.sh")
    }
    var figures = try sizeFigures(module)

    let samples = smokeMode ? 50 : 2000
    let runs = smokeMode ? 2 : 7
    let native = nativeSampleNanoseconds(samples: samples, runs: runs)
    let workload =
        "transition/sample of \(WasmBench.attributes) attributes (a list of 400 items to a 4-column grid, a spring), the request's JSON in and its reply out; \(samples) samples x \(runs) runs, median"

    if let node = findOnPath("node") {
        let output = try hostFigures(
            node, [repository + "Sources/TransitionBench/wasm-sample.mjs", module],
            samples: samples, runs: runs)
        var figure = sampleFigure("wasm.node.sample", output, native: native, note: workload)
        if !smokeMode {
            figure.target = .init(
                goal: "within 2x of the native code's",
                met: figure.value <= 2 * median(native) / 1000)
        }
        figures.append(figure)
    } else {
        figures.append(missingFigure("wasm.node.sample", unit: "us", "node is not on the PATH"))
    }

    // Chromium: the same requests in a headless page, then a realtime transition's ticks.
    do {
        let output = try hostFigures(
            "/usr/bin/env",
            ["python3", repository + "Sources/TransitionBench/wasm-browser.py"],
            samples: samples, runs: runs)
        figures.append(
            sampleFigure(
                "wasm.chromium.sample", output, native: native, note: workload + ", in the page"))
        let ticks = output["ticks"]?.doubleValue ?? 0
        let seconds = output["seconds"]?.doubleValue ?? 1
        figures.append(
            Figure(
                name: "wasm.chromium.ticksPerSecond", value: ticks / seconds, unit: "ticks/s",
                note:
                    "a realtime transition of 1 s at 60 fps through connectLocal(), ticking from animation frames: \(Int(ticks)) ticks in \((seconds * 1000).rounded() / 1000) s"
            ))
    } catch {
        for (name, unit) in [
            ("wasm.chromium.sample", "us"), ("wasm.chromium.ticksPerSecond", "ticks/s"),
        ] {
            figures.append(missingFigure(name, unit: unit, error.description))
        }
    }
    return figures
}

/// A host's time per sample beside the native code's.
private func sampleFigure(_ name: String, _ output: JSONValue, native: [Double], note: String)
    -> Figure
{
    let measured = output["nanosecondsPerSample"]?.arrayValue?.compactMap(\.doubleValue) ?? []
    return Figure(
        name: name, value: median(measured) / 1000, unit: "us",
        baselineName: "native, in process", baselineValue: median(native) / 1000, note: note,
        samples: measured.map { $0 / 1000 })
}

/// A figure whose host could not be run, saying why.
func missingFigure(_ name: String, unit: String, _ why: String) -> Figure {
    Figure(name: name, value: 0, unit: unit, peers: [.init(name: name, value: nil, missing: why)])
}

/// The workload both sides run.
enum WasmBench {
    static let attributes = 400
    static let session =
        #"{"viewport":{"width":400,"height":800},"sections":[{"items":400}],"layout":{"type":"list","rowHeight":20},"clock":"manual"}"#
    static let sample =
        #"{"session":"s1","to":{"type":"grid","columns":4,"spacing":4},"duration":1,"timing":{"spring":{"response":0.5,"dampingFraction":0.7}},"all":true}"#
}

private func sizeFigures(_ module: String) throws(BenchError) -> [Figure] {
    var info = stat()
    guard stat(module, &info) == 0 else { throw BenchError("cannot stat \(module)") }
    let raw = Double(info.st_size)
    let compressor = try ChildProcess.spawn(
        "/bin/sh", ["-c", "gzip -9 -c '\(module)' | wc -c"], pipes: true)
    let output = readToEnd(compressor.stdoutFD)
    _ = compressor.wait(timeout: 10)
    guard let compressed = Double(output.filter { $0 != " " && $0 != "\n" }) else {
        throw BenchError("gzip gave '\(output)'")
    }
    var gzip = Figure(
        name: "wasm.size.gzip", value: compressed / 1000, unit: "KB",
        note: "gzip -9 of Clients/web/transitiond.wasm")
    if !smokeMode { gzip.target = .init(goal: "at most 400 KB", met: compressed <= 400_000) }
    return [Figure(name: "wasm.size.raw", value: raw / 1024, unit: "KiB"), gzip]
}

/// The same Swift code natively: a `HostedDaemon` answering the same requests.
private func nativeSampleNanoseconds(samples: Int, runs: Int) -> [Double] {
    let daemon = HostedDaemon(limits: ServiceLimits(), logLevel: .error)
    let id = daemon.open(framing: .messages, kind: "bench", isSoleClient: false, now: 0)!
    func send(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeBytes { daemon.receive($0, on: Int(id), now: 0) }
        bytes.removeAll()
    }
    send(
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"processId":null,"capabilities":{}}}"#
    )
    send(#"{"jsonrpc":"2.0","id":1,"method":"session/create","params":\#(WasmBench.session)}"#)
    let prefix = String(WasmBench.sample.dropLast())
    let bodies = (0..<samples).map { i in
        #"{"jsonrpc":"2.0","id":\#(2 + i),"method":"transition/sample","params":\#(prefix),"progress":\#(Double(i) / Double(samples))}}"#
    }
    daemon.outboxRef.value.clear()
    for body in bodies { send(body) }
    daemon.outboxRef.value.clear()
    var results: [Double] = []
    for _ in 0..<runs {
        let start = nowNanoseconds()
        for body in bodies {
            send(body)
            // As the host reads the outbox after each call.
            daemon.outboxRef.value.clear()
        }
        results.append(Double(nowNanoseconds() - start) / Double(samples))
    }
    return results
}

/// The JSON line a host script prints (wasm-sample.mjs, wasm-browser.py) for the
/// workload, checked to hold a time per run and every attribute.
private func hostFigures(_ program: String, _ arguments: [String], samples: Int, runs: Int)
    throws(BenchError) -> JSONValue
{
    let child = try ChildProcess.spawn(
        program, arguments + [String(samples), String(runs)], pipes: true,
        environment: [
            "WASM_BENCH_SESSION=\(WasmBench.session)", "WASM_BENCH_SAMPLE=\(WasmBench.sample)",
        ])
    let output = readToEnd(child.stdoutFD)
    _ = child.wait(timeout: 60)
    let line = output.split(separator: "\n").last.map(String.init) ?? ""
    let parsed = try? JSONValue(parsing: line)
    if let why = parsed?["missing"]?.stringValue { throw BenchError(why) }
    guard let parsed, parsed["nanosecondsPerSample"]?.arrayValue?.count == runs,
        parsed["attributes"]?.doubleValue == Double(WasmBench.attributes)
    else {
        throw BenchError("\(arguments.last ?? program) gave no figures: '\(output.prefix(300))'")
    }
    return parsed
}

/// Everything a child writes to `fd` until it closes it.
func readToEnd(_ fd: Int32) -> String {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { break }
        output += buffer[0..<n]
    }
    return String(decoding: output, as: UTF8.self)
}
