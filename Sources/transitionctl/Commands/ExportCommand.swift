import CommandLineSpec
import JSONRPC
import TransitionProtocol

/// `transitionctl export --format <f> --out <file>`: a transition as CSS, Web
/// Animations, HTML, SVG or Lottie, written by transition/export.
struct ExportCommand: Subcommand {
    static let spec = CommandSpec(
        name: "export",
        summary: "Write a transition as CSS, Web Animations, HTML, SVG or Lottie.",
        usage:
            "transitionctl export --format <format> --out <file> [--spec <file>] [--tolerance <points>] [--fps <n>] [<connection-options>]",
        term: "export --format <format> --out <file>",
        overview: [
            "Write a transition in a format a browser, a design tool or an app plays: a session is created from the spec and transition/export writes the transition transition/start would start (nothing is started). Default transition: the list -> grid switch of the seed apps (100 items, 375 x 667, quarticEaseInOut)."
        ],
        options: [
            OptionSpec(
                ["--format"], value: "<format>", .choice(formats),
                help:
                    "css, waapi (a JSON list for element.animate), html (a self-contained page with a replay button), svg (SMIL) or lottie (bodymovin JSON)."
            ),
            OptionSpec(
                ["--out"], value: "<file>", .file, help: "Where to write it ('-': standard output)."
            ),
            OptionSpec(
                ["--spec"], value: "<file>", .file,
                help:
                    "The transition ('-': standard input): a JSON object {\"session\": <session/create params>, \"transition\": <transition/start params without \"session\">} (a transition document, checked by the daemon's document/check: its errors are reported as <file>:<line>:<column>: error: <field>: <reason>; a daemon without document/check, such as the daemon on Node, gets the two objects as they are)."
            ),
            OptionSpec(
                ["--tolerance"], value: "<points>",
                help: "The most any element may stray from the engine (default 0.25)."),
            OptionSpec(
                ["--fps"], value: "<n>", help: "Frames per second of a Lottie export (default 60)."),
        ] + Help.subcommandOptions,
        sections: [
            Section(
                "EXAMPLE", [.verbatim(["transitionctl export --format html --out transition.html"])]
            )
        ]
    )

    static let formats = ["css", "waapi", "html", "svg", "lottie"]

    var format: String
    var out: String
    var specPath: String?
    var tolerance: Double?
    var fps: Double?

    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> ExportCommand?
    {
        var format: String? = nil
        var out: String? = nil
        var spec: String? = nil
        var tolerance: Double? = nil
        var fps: Double? = nil
        while let item = arguments.next() {
            switch item {
            case .option(let name, let inline):
                switch name {
                case "-h", "--help": return nil
                case "--format":
                    let value = try arguments.value(name, inline)
                    guard formats.contains(value) else {
                        throw UsageError(
                            "--format takes \(formats.joined(separator: ", ")), got '\(value)'",
                            usage: usage)
                    }
                    format = value
                case "--out", "-o": out = try arguments.value(name, inline)
                case "--spec": spec = try arguments.value(name, inline)
                case "--tolerance": tolerance = try arguments.number(name, inline, in: 0.001...1000)
                case "--fps": fps = try arguments.number(name, inline, in: 1...240)
                default:
                    guard try arguments.connectionOption(name, inline, into: &connection) else {
                        throw arguments.unknown(name)
                    }
                }
            case .positional(let text):
                throw UsageError("unexpected argument '\(text)'", usage: usage)
            }
        }
        guard let format else { throw UsageError("missing --format <format>", usage: usage) }
        guard let out else { throw UsageError("missing --out <file>", usage: usage) }
        return ExportCommand(
            format: format, out: out, specPath: spec, tolerance: tolerance, fps: fps)
    }

    func run(_ connection: ConnectionOptions) throws -> Int32 {
        let client = try DaemonClient(connection)
        defer { client.close() }
        let spec =
            try specPath.map { try TransitionSpecFile(path: $0, client: client) }
            ?? TransitionSpecFile.seedApps
        let created = try client.call(.sessionCreate, spec.session)
        guard let session = created["session"]?.stringValue else {
            throw Failure("session/create answered no session id")
        }
        var params = spec.transition
        params["session"] = .string(session)
        params["format"] = .string(format)
        if let tolerance { params["tolerance"] = .double(tolerance) }
        if let fps { params["fps"] = .double(fps) }
        let result = try client.call(.transitionExport, .object(params))
        let text: String
        switch result["content"] {
        case .string(let s)?: text = s
        case let value?: text = PrettyJSON.text(value) + "\n"
        case nil: throw Failure("transition/export answered no content")
        }
        try TransitionSpecFile.write(text, to: out)
        return 0
    }
}
