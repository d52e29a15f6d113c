// TransitionBench: release-mode figures, one JSON line each, then a summary.
// Run with `swift run -c release TransitionBench [group...]`.

let groups: [(name: String, run: () -> [Figure])] = [
    ("layout", layoutBenchmarks),
    ("json", jsonBenchmarks),
    ("transition", transitionBenchmarks),
]

let wanted = Set(CommandLine.arguments.dropFirst())
var figures: [Figure] = []
for group in groups where wanted.isEmpty || wanted.contains(group.name) {
    for figure in group.run() {
        print(figure.jsonLine)
        figures.append(figure)
    }
}
print("")
print("Summary")
for figure in figures { print("  " + figure.summaryLine) }
