import TransitionService
import TransitionWasm

#if canImport(Glibc)
    import Glibc
#endif

/// The WebAssembly module (Clients/web/transitiond.wasm, from scripts/build-wasm.sh): its
/// size, and the time to answer a transition/sample of 400 attributes in Node beside
/// the same Swift code compiled natively (`HostedDaemon`, in this process), one run.
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
    guard let node = findOnPath("node") else {
        figures.append(
            Figure(
                name: "wasm.node.sample", value: 0, unit: "us",
                peers: [.init(name: "node", value: nil, missing: "node is not on the PATH")]))
        return figures
    }
    let measured = try nodeSampleNanoseconds(
        node: node, script: repository + "Sources/TransitionBench/wasm-sample.mjs",
        module: module, samples: samples, runs: runs)
    var figure = Figure(
        name: "wasm.node.sample", value: median(measured) / 1000, unit: "us",
        baselineName: "native, in process", baselineValue: median(native) / 1000,
        note:
            "transition/sample of \(WasmBench.attributes) attributes (a list of 400 items to a 4-column grid, a spring), the request's JSON in and its reply out; \(samples) samples x \(runs) runs, median",
        samples: measured.map { $0 / 1000 })
    if !smokeMode {
        figure.target = .init(
            goal: "within 2x of the native code's", met: median(measured) <= 2 * median(native))
    }
    figures.append(figure)
    return figures
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
    let gzip = try ChildProcess.spawn(
        "/bin/sh", ["-c", "gzip -9 -c '\(module)' | wc -c"], pipes: true)
    let output = readToEnd(gzip.stdoutFD)
    _ = gzip.wait(timeout: 10)
    guard let compressed = Double(output.filter { $0 != " " && $0 != "\n" }) else {
        throw BenchError("gzip gave '\(output)'")
    }
    return [
        Figure(name: "wasm.size.raw", value: raw / 1024, unit: "KiB"),
        Figure(
            name: "wasm.size.gzip", value: compressed / 1000, unit: "KB",
            note: "gzip -9 of Clients/web/transitiond.wasm",
            target: .init(goal: "at most 400 KB", met: compressed <= 400_000)),
    ]
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

private func nodeSampleNanoseconds(
    node: String, script: String, module: String, samples: Int, runs: Int
) throws(BenchError) -> [Double] {
    let child = try ChildProcess.spawn(
        node, [script, module, String(samples), String(runs)], pipes: true,
        environment: [
            "WASM_BENCH_SESSION=\(WasmBench.session)", "WASM_BENCH_SAMPLE=\(WasmBench.sample)",
        ])
    let output = readToEnd(child.stdoutFD)
    _ = child.wait(timeout: 10)
    guard let open = output.firstIndex(of: "["), let close = output.firstIndex(of: "]"),
        open < close
    else { throw BenchError("node gave no figures: '\(output.prefix(300))'") }
    let values = output[output.index(after: open)..<close].split(separator: ",").compactMap {
        Double($0)
    }
    guard values.count == runs, output.contains("\"attributes\":\(WasmBench.attributes)") else {
        throw BenchError("node's figures are incomplete: '\(output.prefix(300))'")
    }
    return values
}

/// Everything a child writes to `fd` until it closes it.
private func readToEnd(_ fd: Int32) -> String {
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
