import CommandLineSpec
import JSONRPC
import TransitionProtocol

/// `transitionctl record <document> --out <golden>`: a golden motion file of a document's
/// transition, for `check` to compare against.
struct RecordCommand: Subcommand {
    static let spec = CommandSpec(
        name: "record",
        summary: "Record a transition document's motion as a golden file.",
        usage:
            "transitionctl record <document> --out <golden> [--frames <n>] [<connection-options>]",
        term: "record <document> --out <golden>",
        overview: [
            "Record the motion of a transition document (a NAME.transition.json, checked by the daemon's document/check), so that transitionctl check can tell later whether it still moves the same way: the transition is sampled with transition/sample at <n> + 1 evenly spaced times from its start to its end (its duration; a spring's settling time), both included, and every element's attributes (frame, alpha, zIndex, transform, nextFrame, custom values ...) are written, in the objects encoding, to <golden>. The daemon is deterministic: the same document gives the same file.",
            "The golden file: {\"transitiondGolden\": 1, \"frames\": <n>, \"duration\": <seconds>, \"document\": {\"session\", \"transition\"}, \"samples\": [{\"time\", \"progress\", \"contentOffset\", \"attributes\": [...]}, ...]}, one line per member and per element; document is the input as document/check made its requests, for check to name what changed (files without it are still read). Numbers are written as the daemon writes them: a whole number below 2^53 as an integer, else the shortest decimal that reads back as the same double, without an exponent from 10^-4 up to 2^53 and from 10^-7 up to 10^-4 when it has at most 15 significant digits (0.00000987654222222226), with one of at least two digits otherwise (1e-08, 1e+16); strings in UTF-8 with only the quote, the backslash and control characters escaped. Python's transitiond.golden writes the same bytes.",
            "transitionctl check --update <document> <golden> records too; check never writes a golden file otherwise, and fails (exit 2) without one.",
        ],
        arguments: [Definition("<document>", "The transition document ('-': standard input).")],
        argumentsAreFiles: true,
        options: [
            OptionSpec(
                ["--out"], value: "<golden>", .file, aliases: ["-o"],
                help: "Where to write the golden file ('-': standard output)."),
            OptionSpec(
                ["--frames"], value: "<n>",
                help: "Intervals between samples, 1 to 1000 (default 30: 31 samples)."),
        ] + Help.subcommandOptions,
        sections: [
            Section(
                "EXAMPLE",
                [
                    .verbatim([
                        "transitionctl record list-to-grid.transition.json --out list-to-grid.golden.json"
                    ])
                ])
        ]
    )

    static let defaultFrames = 30

    var documentPath: String
    var out: String
    var frames = defaultFrames

    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> RecordCommand?
    {
        var document: String? = nil
        var out: String? = nil
        var frames = defaultFrames
        while let item = arguments.next() {
            switch item {
            case .option(let name, let inline):
                switch name {
                case "-h", "--help": return nil
                case "--out", "-o": out = try arguments.value(name, inline)
                case "--frames": frames = try arguments.integer(name, inline, in: 1...1000)
                default:
                    guard try arguments.connectionOption(name, inline, into: &connection) else {
                        throw arguments.unknown(name)
                    }
                }
            case .positional(let text):
                guard document == nil else {
                    throw UsageError("unexpected argument '\(text)'", usage: usage)
                }
                document = text
            }
        }
        guard let document else { throw UsageError("missing <document>", usage: usage) }
        guard let out else { throw UsageError("missing --out <golden>", usage: usage) }
        return RecordCommand(documentPath: document, out: out, frames: frames)
    }

    func run(_ connection: ConnectionOptions) throws -> Int32 {
        let client = try DaemonClient(connection)
        defer { client.close() }
        let document = try TransitionSpecFile(path: documentPath, client: client)
        let golden = try MotionGolden.record(document, frames: frames, client: client)
        try TransitionSpecFile.write(golden.text, to: out)
        return 0
    }
}
