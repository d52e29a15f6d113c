import CommandLineSpec
import JSONRPC
import TransitionFilm
import TransitionProtocol

/// `transitionctl render --out <file>`: a filmstrip of a transition.
struct RenderCommand: Subcommand {
    static let spec = CommandSpec(
        name: "render",
        summary: "Draw a transition as a filmstrip (SVG).",
        usage:
            "transitionctl render --out <file> [--frames <n>] [--format svg] [--spec <file>] [--scale <s>] [<connection-options>]",
        term: "render --out <file>",
        overview: [
            "Draw a transition as a filmstrip, so that it can be looked at instead of read: the transition is sampled with transition/sample at <n> evenly spaced progresses (0 to 1); each frame shows the viewport as a rectangle with the elements visible at that progress drawn as rectangles labelled with their item number, and the progress written under it; the frames stand side by side in one SVG. Default transition: the list -> grid switch of the seed apps (100 items, 375 x 667, list rows 60 -> grid of 2 columns, spacing 10, line spacing 5, inset 10, quarticEaseInOut)."
        ],
        options: [
            OptionSpec(
                ["--out"], value: "<file>", .file, aliases: ["-o"],
                help: "Where to write the picture ('-': standard output)."),
            OptionSpec(["--frames"], value: "<n>", help: "Number of frames, 2 to 200 (default 6)."),
            OptionSpec(
                ["--format"], value: "<format>", .choice(["svg"]),
                help: "svg (the default and the only format: animated PNG output is not supported)."
            ),
            OptionSpec(
                ["--spec"], value: "<file>", .file,
                help:
                    "The transition to draw ('-': standard input): a JSON object {\"session\": <session/create params>, \"transition\": <transition/start params without \"session\">} (a transition document, checked by the daemon's document/check: its errors are reported as <file>:<line>:<column>: error: <field>: <reason>; a daemon without document/check, such as the daemon on Node, gets the two objects as they are)."
            ),
            OptionSpec(
                ["--scale"], value: "<s>",
                help: "Pixels per point (default: the viewport 320 pixels high)."),
        ] + Help.subcommandOptions,
        sections: [
            Section(
                "SVG STRUCTURE",
                [
                    .paragraph(
                        "Each frame is a <g class=\"frame\" data-progress=\"p\"> holding a nested <svg> whose viewBox is the visible rect, so each <rect class=\"item\"> has the element's frame in points, as transition/sample returned it; then one <rect class=\"viewport\">; then the caption. A frame has no other rect."
                    )
                ]),
            Section("EXAMPLE", [.verbatim(["transitionctl render --out film.svg --frames 6"])]),
        ]
    )

    var out: String
    var frames = 6
    var specPath: String?
    var scale: Double?

    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> RenderCommand?
    {
        var out: String? = nil
        var frames = 6
        var spec: String? = nil
        var scale: Double? = nil
        while let item = arguments.next() {
            switch item {
            case .option(let name, let inline):
                switch name {
                case "-h", "--help": return nil
                case "--out", "-o": out = try arguments.value(name, inline)
                case "--frames": frames = try arguments.integer(name, inline, in: 2...200)
                case "--format":
                    let format = try arguments.value(name, inline)
                    switch format {
                    case "svg": break
                    case "apng", "png":
                        throw UsageError(
                            "--format \(format) is not supported; only svg is", usage: usage)
                    default: throw UsageError("--format takes svg, got '\(format)'", usage: usage)
                    }
                case "--spec": spec = try arguments.value(name, inline)
                case "--scale": scale = try arguments.number(name, inline, in: 0.01...100)
                default:
                    guard try arguments.connectionOption(name, inline, into: &connection) else {
                        throw arguments.unknown(name)
                    }
                }
            case .positional(let text):
                throw UsageError("unexpected argument '\(text)'", usage: usage)
            }
        }
        guard let out else { throw UsageError("missing --out <file>", usage: usage) }
        return RenderCommand(out: out, frames: frames, specPath: spec, scale: scale)
    }

    /// The session/create and transition/start params to draw.
    private func spec(_ client: DaemonClient) throws -> (
        session: JSONValue, transition: JSONObject, title: String
    ) {
        guard let specPath else {
            let seed = TransitionSpecFile.seedApps
            return (
                seed.session, seed.transition,
                "list → grid: 100 items, 375×667, \(SeedApps.timing) — \(frames) progresses from 0 to 1"
            )
        }
        let file = try TransitionSpecFile(path: specPath, client: client)
        let from = file.session["layout"]?["type"]?.stringValue ?? "layout"
        let to = file.transition["to"]?["type"]?.stringValue ?? "layout"
        return (file.session, file.transition, "\(from) → \(to) — \(frames) progresses from 0 to 1")
    }

    func run(_ connection: ConnectionOptions) throws -> Int32 {
        let client = try DaemonClient(connection)
        defer { client.close() }
        let (sessionParams, transition, title) = try spec(client)
        let created = try client.call(.sessionCreate, sessionParams)
        guard let session = created["session"]?.stringValue else {
            throw Failure("session/create answered no session id")
        }

        let fromSize = sessionParams["viewport"]
        let toSize = transition["viewport"] ?? fromSize
        var film: [FilmFrame] = []
        for k in 0..<frames {
            let p = Double(k) / Double(frames - 1)
            var params = transition
            params["session"] = .string(session)
            params["progress"] = .double(p)
            let sample = try client.call(.transitionSample, .object(params))
            let progress = sample["progress"]?.doubleValue ?? p
            film.append(
                FilmFrame(
                    progress: progress, fraction: sample["fraction"]?.doubleValue ?? 0,
                    offsetX: sample["contentOffset"]?.pointX ?? 0,
                    offsetY: sample["contentOffset"]?.pointY ?? 0,
                    viewportWidth: lerp(fromSize?["width"], toSize?["width"], progress),
                    viewportHeight: lerp(fromSize?["height"], toSize?["height"], progress),
                    boxes: ElementBox.decode(sample["attributes"])))
        }
        let height = film.map(\.viewportHeight).max() ?? 1
        let svg = SVGFilm(
            title: title, frames: film, scale: scale ?? (height > 0 ? 320 / height : 1))
        try TransitionSpecFile.write(svg.text, to: out)
        return 0
    }

    private func lerp(_ a: JSONValue?, _ b: JSONValue?, _ p: Double) -> Double {
        let from = a?.doubleValue ?? 0
        let to = b?.doubleValue ?? from
        return from + (to - from) * p
    }
}
