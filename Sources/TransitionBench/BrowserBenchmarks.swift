import JSONRPC

/// What a page's main thread spends to read one tick, in headless Chromium
/// (browser-decode.py): JSON.parse of the objects and compact ticks, decodeBinaryTick of
/// the binary frame (typed arrays over it), and attributeObjects of that, at about 100
/// and 1,000 attributes; the ticks of one transition from the in-page module, the same
/// moments in each encoding. Also each encoding's bytes per attribute. Without Chromium
/// (or the module), each figure says why it is missing.
func browserBenchmarks() throws(BenchError) -> [Figure] {
    do {
        return try browserDecodeFigures()
    } catch {
        return BrowserBench.figureNames.map { name, unit in
            missingFigure(name, unit: unit, error.description)
        }
    }
}

enum BrowserBench {
    static let encodings = ["objects", "compact", "binary", "binaryObjects"]
    static let sizes = ["100", "1000"]

    /// Every figure of the group, with its unit.
    static var figureNames: [(String, String)] {
        sizes.flatMap { size in
            encodings.map { ("browser.decode.\($0).\(size)", "us") }
                + encodings.dropLast().map { ("browser.bytesPerAttribute.\($0).\(size)", "bytes") }
        }
    }
}

private func browserDecodeFigures() throws(BenchError) -> [Figure] {
    let repository = String(
        #filePath.dropLast("Sources/TransitionBench/BrowserBenchmarks.swift".count))
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
