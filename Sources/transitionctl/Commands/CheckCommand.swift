import CommandLineSpec
import JSONRPC
import TransitionFilm
import TransitionProtocol

/// `transitionctl check <document> <golden>`: whether a document's transition still
/// moves as recorded.
struct CheckCommand: Subcommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Check a transition document's motion against a golden file.",
        usage:
            "transitionctl check <document> <golden> [--tolerance <points>] [--diff-svg <file>] [--update [--frames <n>]] [<connection-options>]",
        term: "check <document> <golden>",
        overview: [
            "Sample a transition document's transition at the times of a golden file made by transitionctl record, and compare: every element is matched by kind, index path and id, and its frame, nextFrame and the content offset (and a transform's translation) must be within <points> of the recorded ones, its other numbers (alpha, transitionProgress, a transform's scale, custom values) within 0.01, and its strings, booleans and integers (zIndex, layoutState, colours) equal; an element only one side has is a difference. This is how a design's motion is kept from regressing in CI: record once, commit the golden file, check on every change.",
            "The input is compared too: when the duration or a member of the document kept in the golden file has changed since the recording, the first line of standard output names each, 'duration changed: 0.4 -> 0.45; transition.timing changed: \"linear\" -> \"quarticEaseInOut\"' (the first four, then how many more); the exit status is still the motion's.",
            "Exit 0 when everything is within bounds (one line on standard output says so); 1 with a report on standard output naming, for each sample and element out of bounds, the time, the element, the member, the recorded value and the one found (the first 50 lines, then how many more); 2 when the golden file does not exist, with the commands that record it on standard error: a golden test without its file fails, in CI or not, and only transitionctl record or check --update write one.",
        ],
        arguments: [
            Definition("<document>", "The transition document."),
            Definition("<golden>", "The golden file made by transitionctl record."),
        ],
        argumentsAreFiles: true,
        options: [
            OptionSpec(
                ["--tolerance"], value: "<points>",
                help: "How far a coordinate may be from the recorded one (default 0.5)."),
            OptionSpec(
                ["--diff-svg"], value: "<file>", .file,
                help:
                    "Also write a filmstrip (as transitionctl render draws one) of the elements sampled now at every recorded time, each frame labelled with its time and sample number as the report names them ('t=0.150 s (sample 3)'), with each recorded frame over them as a dashed outline: red (<rect class=\"expected\" data-differs=\"true\">) when that element is out of bounds, grey otherwise."
            ),
            OptionSpec(
                ["--update"],
                help:
                    "Record the golden file instead of checking it, as transitionctl record does, whether it exists or not (then with as many intervals as it had, unless --frames), and say so on standard output."
            ),
            OptionSpec(
                ["--frames"], value: "<n>",
                help:
                    "With --update: intervals between samples, 1 to 1000 (default: the golden file's, else 30)."
            ),
        ] + Help.subcommandOptions,
        sections: [
            Section(
                "EXAMPLE",
                [
                    .verbatim([
                        "transitionctl check list-to-grid.transition.json list-to-grid.golden.json --diff-svg diff.svg",
                        "transitionctl check --update list-to-grid.transition.json list-to-grid.golden.json",
                    ])
                ])
        ]
    )

    static let defaultTolerance = 0.5
    static let reportedLines = 50

    var documentPath: String
    var goldenPath: String
    var tolerance = defaultTolerance
    var diffSVG: String?
    var update = false
    var frames: Int?

    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> CheckCommand?
    {
        var paths: [String] = []
        var tolerance = defaultTolerance
        var diffSVG: String? = nil
        var update = false
        var frames: Int? = nil
        while let item = arguments.next() {
            switch item {
            case .option(let name, let inline):
                switch name {
                case "-h", "--help": return nil
                case "--tolerance": tolerance = try arguments.number(name, inline, in: 0...1000)
                case "--diff-svg": diffSVG = try arguments.value(name, inline)
                case "--update":
                    try arguments.flag(name, inline)
                    update = true
                case "--frames": frames = try arguments.integer(name, inline, in: 1...1000)
                default:
                    guard try arguments.connectionOption(name, inline, into: &connection) else {
                        throw arguments.unknown(name)
                    }
                }
            case .positional(let text):
                guard paths.count < 2 else {
                    throw UsageError("unexpected argument '\(text)'", usage: usage)
                }
                paths.append(text)
            }
        }
        guard paths.count == 2 else {
            throw UsageError(
                paths.isEmpty ? "missing <document> and <golden>" : "missing <golden>",
                usage: usage)
        }
        if frames != nil && !update {
            throw UsageError("--frames is for --update", usage: usage)
        }
        return CheckCommand(
            documentPath: paths[0], goldenPath: paths[1], tolerance: tolerance, diffSVG: diffSVG,
            update: update, frames: frames)
    }

    func run(_ connection: ConnectionOptions) throws -> Int32 {
        if update { return try record(connection) }
        guard MotionGolden.exists(goldenPath) else {
            throw Failure(
                "golden file '\(goldenPath)' does not exist: record it with 'transitionctl record \(documentPath) --out \(goldenPath)' or 'transitionctl check --update \(documentPath) \(goldenPath)'",
                exitCode: 2)
        }
        let golden = try MotionGolden(path: goldenPath)
        let client = try DaemonClient(connection)
        defer { client.close() }
        let document = try TransitionSpecFile(path: documentPath, client: client)
        if let changed = golden.changedInput(document) { Console.line(changed) }
        let times = golden.samples.map { $0["time"]?.doubleValue ?? 0 }
        let found = try MotionGolden.sample(document, at: times, client: client)
        let comparison = GoldenComparison(tolerance: tolerance)
        let differences = comparison.differences(expected: golden.samples, found: found)
        if let diffSVG {
            try TransitionSpecFile.write(
                film(document, expected: golden.samples, found: found, differences: differences),
                to: diffSVG)
        }
        let elements = GoldenComparison.elements(golden.samples.first?["attributes"]).list.count
        guard !differences.isEmpty else {
            Console.line(
                "\(times.count) samples of \(elements) elements within \(Format.short(tolerance, 4)) points of \(goldenPath)"
            )
            return 0
        }
        for difference in differences.prefix(Self.reportedLines) { Console.line(difference.line) }
        if differences.count > Self.reportedLines {
            Console.line("... and \(differences.count - Self.reportedLines) more")
        }
        let samples = Set(differences.map(\.sample)).count
        Console.line(
            "\(differences.count) differences in \(samples) of \(times.count) samples beyond \(Format.short(tolerance, 4)) points of \(goldenPath)"
        )
        return 1
    }

    /// `--update`: the golden file recorded anew, with its own number of intervals.
    private func record(_ connection: ConnectionOptions) throws -> Int32 {
        let intervals =
            frames
            ?? (MotionGolden.exists(goldenPath) && goldenPath != "-"
                ? (try? MotionGolden(path: goldenPath))?.frames : nil)
            ?? RecordCommand.defaultFrames
        let client = try DaemonClient(connection)
        defer { client.close() }
        let document = try TransitionSpecFile(path: documentPath, client: client)
        let golden = try MotionGolden.record(document, frames: intervals, client: client)
        try TransitionSpecFile.write(golden.text, to: goldenPath)
        // Standard output is the golden file itself with '-'.
        guard goldenPath != "-" else { return 0 }
        let elements = GoldenComparison.elements(golden.samples.first?["attributes"]).list.count
        Console.line(
            "recorded \(golden.samples.count) samples of \(elements) elements in \(goldenPath)")
        return 0
    }

    /// The filmstrip of `--diff-svg`: each sample now, with the recorded frames over it.
    private func film(
        _ document: TransitionSpecFile, expected: [JSONObject], found: [JSONObject],
        differences: [GoldenComparison.Difference]
    ) -> String {
        let viewport = document.session["viewport"]
        let destination = document.transition["viewport"] ?? viewport
        let differing = Set(differences.map { "\($0.sample) \($0.element)" })
        var frames: [FilmFrame] = []
        for (index, (old, new)) in zip(expected, found).enumerated() {
            let progress = new["progress"]?.doubleValue ?? 0
            let outlines = GoldenComparison.elements(old["attributes"]).list.compactMap {
                key, element in
                ElementBox.object(element).map {
                    ExpectedOutline(box: $0, differs: differing.contains("\(index) \(key)"))
                }
            }
            frames.append(
                FilmFrame(
                    progress: progress, fraction: old["time"]?.doubleValue ?? 0,
                    offsetX: new["contentOffset"]?.pointX ?? 0,
                    offsetY: new["contentOffset"]?.pointY ?? 0,
                    viewportWidth: lerp(viewport?["width"], destination?["width"], progress),
                    viewportHeight: lerp(viewport?["height"], destination?["height"], progress),
                    boxes: ElementBox.decode(new["attributes"]), outlines: outlines,
                    caption: GoldenComparison.sampleName(
                        index, time: old["time"]?.doubleValue ?? 0)))
        }
        let height = frames.map(\.viewportHeight).max() ?? 1
        return SVGFilm(
            title:
                "\(documentPath) against \(goldenPath): recorded frames dashed, red beyond \(Format.short(tolerance, 4)) points",
            frames: frames, scale: height > 0 ? 160 / height : 1
        ).text
    }

    private func lerp(_ a: JSONValue?, _ b: JSONValue?, _ p: Double) -> Double {
        let from = a?.doubleValue ?? 0
        let to = b?.doubleValue ?? from
        return from + (to - from) * p
    }
}
