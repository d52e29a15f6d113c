// TransitionBench: release-mode figures, one JSON line each, then a summary.
// Run with `swift run -c release TransitionBench [--smoke] [group...]`.

#if canImport(Glibc)
    import Glibc
#endif

let groups: [(name: String, run: () throws(BenchError) -> [Figure])] = [
    ("layout", layoutBenchmarks),
    ("json", jsonBenchmarks),
    ("transition", transitionBenchmarks),
    ("rpc", rpcBenchmarks),
    ("bystander", bystanderBenchmarks),
    ("startup", startupBenchmarks),
    ("tickpath", tickPathBenchmarks),
    ("fanout", fanoutBenchmarks),
    ("scale", scaleBenchmarks),
    ("pacing", pacingBenchmarks),
    ("memory", memoryBenchmarks),
    ("export", exportBenchmarks),
    ("web", webBenchmarks),
    ("wasm", wasmBenchmarks),
    ("browser", browserBenchmarks),
]

signal(SIGPIPE, SIG_IGN)
let arguments = CommandLine.arguments.dropFirst()
let wanted = Set(arguments.filter { !$0.hasPrefix("--") })
let known = Set(groups.map(\.name))
for name in wanted.subtracting(known).sorted() {
    printError(
        "TransitionBench: unknown group '\(name)' (groups: \(groups.map(\.name).joined(separator: ", ")))"
    )
    exit(64)
}
for option in arguments where option.hasPrefix("--") && option != "--smoke" {
    printError("TransitionBench: unknown option '\(option)' (options: --smoke)")
    exit(64)
}

/// The 1-minute load average (other work on the machine makes figures noisy).
func loadAverage() -> String {
    guard let text = readProcFile("/proc/loadavg"), let first = text.split(separator: " ").first
    else { return "?" }
    return String(first)
}

let loadAtStart = loadAverage()
var figures: [Figure] = []
var failures: [String] = []
for group in groups where wanted.isEmpty || wanted.contains(group.name) {
    do {
        for figure in try group.run() {
            print(figure.jsonLine)
            fflush(nil)
            figures.append(figure)
        }
    } catch {
        failures.append("\(group.name): \(error.description)")
        printError("TransitionBench: group \(group.name) failed: \(error.description)")
    }
}
print("")
print(
    "Summary (\(sysconf(Int32(_SC_NPROCESSORS_ONLN))) CPUs; load average \(loadAtStart) at the start, \(loadAverage()) at the end)"
)
for figure in figures { print("  " + figure.summaryLine) }
let targets = figures.filter { $0.target != nil }
if !targets.isEmpty {
    print("")
    print("Targets")
    for figure in targets {
        print(
            "  \(figure.target!.met ? "met   " : "MISSED") \(figure.name): \(format(figure.value)) \(figure.unit); \(figure.target!.goal)"
        )
    }
}
if !failures.isEmpty {
    print("")
    print("Failed")
    for failure in failures { print("  " + failure) }
    exit(1)
}
