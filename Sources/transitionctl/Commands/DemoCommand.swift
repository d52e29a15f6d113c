import CommandLineSpec
import JSONRPC
import TransitionFilm
import TransitionProtocol

/// `transitionctl demo`: the list -> grid switch of the seed apps, in the terminal.
struct DemoCommand: Subcommand {
    static let spec = CommandSpec(
        name: "demo",
        summary: "Play the list -> grid switch in the terminal.",
        usage:
            "transitionctl demo [--scrub | --release] [--loop] [--arc] [--keyframes] [<options>] [<connection-options>]",
        overview: [
            "Play the list -> grid switch of the seed apps in the terminal: 100 items in a 375 x 667 viewport, list rows 60 high -> a grid of 2 columns (spacing 10, line spacing 5, inset 10), \(Format.short(SeedApps.demoDuration)) s quarticEaseInOut on the realtime clock. Each item is a box labelled with its number, scaled from points to cells, with a progress bar; then the grid goes back to the list. Fits an 80 x 24 terminal and uses a larger one. q or Ctrl-C quits.",
            "When standard output is not a terminal, it prints the list -> grid transition's messages instead, one JSON line each: every transition/tick, then the transition/didEnd; and exits 0.",
        ],
        options: [
            OptionSpec(
                ["--scrub"],
                help:
                    "Drive the transition with the keyboard (needs a terminal on standard input): left/right arrows or h/l scrub by 5%, f finishes, c cancels, space cancels in place, q quits. After an end, h or l starts the next transition (back to the other layout once finished)."
            ),
            OptionSpec(
                ["--release"],
                help:
                    "Show a flick: each transition is interactive, scrubbed like a pan that speeds up (0 -> 0.3 in 0.15 s), then released with transition/release: the daemon projects where the gesture would rest, decides finish or cancel, and goes on at the finger's speed on a spring. Piped, it prints the ticks, the release's result (one line {\"release\": ...}) and the didEnd."
            ),
            OptionSpec(["--loop"], help: "Keep switching list -> grid -> list until q or Ctrl-C."),
            OptionSpec(
                ["--arc"],
                help:
                    "Move the items along arcs (\"path\": {\"type\": \"arc\"}, bending the way Material's arc motion does) instead of straight lines."
            ),
            OptionSpec(
                ["--keyframes"],
                help:
                    "Give the transition keyframes: half way, each item is lifted \(Format.short(-DemoCommand.lift)) points, scaled to \(Format.short(DemoCommand.halfWayScale)) and dimmed to alpha \(Format.short(DemoCommand.halfWayAlpha))."
            ),
            OptionSpec(["--items"], value: "<n>", help: "Number of items (default 100)."),
            OptionSpec(
                ["--duration"], value: "<seconds>",
                help: "Length of each transition (default \(Format.short(SeedApps.demoDuration)))."),
            OptionSpec(
                ["--timing"], value: "<name>",
                help:
                    "Timing curve (default \(SeedApps.timing); any easing name that initialize lists in easings)."
            ),
            OptionSpec(["--fps"], value: "<n>", help: "Ticks per second (default 60)."),
            OptionSpec(
                ["--hold"], value: "<seconds>",
                help: "Pause between the two directions (default 1)."),
        ] + Help.subcommandOptions
    )

    var scrub = false
    var release = false
    var loop = false
    var items = 100
    var duration = SeedApps.demoDuration
    var timing = SeedApps.timing
    var fps = 60
    var hold = 1.0
    var arc = false
    var keyframes = false

    /// The `--keyframes` stop, half way: the card lifts, shrinks and dims.
    static let lift = -40.0
    static let halfWayScale = 0.8
    static let halfWayAlpha = 0.5

    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> DemoCommand?
    {
        var c = DemoCommand()
        while let item = arguments.next() {
            switch item {
            case .option(let name, let inline):
                switch name {
                case "-h", "--help": return nil
                case "--scrub":
                    try arguments.flag(name, inline)
                    c.scrub = true
                case "--release":
                    try arguments.flag(name, inline)
                    c.release = true
                case "--loop":
                    try arguments.flag(name, inline)
                    c.loop = true
                case "--arc":
                    try arguments.flag(name, inline)
                    c.arc = true
                case "--keyframes":
                    try arguments.flag(name, inline)
                    c.keyframes = true
                case "--items": c.items = try arguments.integer(name, inline, in: 1...10_000_000)
                case "--duration": c.duration = try arguments.number(name, inline, in: 0...3600)
                case "--timing": c.timing = try arguments.value(name, inline)
                case "--fps": c.fps = try arguments.integer(name, inline, in: 1...240)
                case "--hold": c.hold = try arguments.number(name, inline, in: 0...3600)
                default:
                    guard try arguments.connectionOption(name, inline, into: &connection) else {
                        throw arguments.unknown(name)
                    }
                }
            case .positional(let text):
                throw UsageError("unexpected argument '\(text)'", usage: usage)
            }
        }
        if c.scrub && c.release {
            throw UsageError("--scrub and --release exclude each other", usage: usage)
        }
        return c
    }

    func run(_ connection: ConnectionOptions) throws -> Int32 {
        if !FileDescriptor.isTerminal(1) { return try printTicks(connection) }
        if scrub && !FileDescriptor.isTerminal(0) {
            throw Failure("--scrub reads keys: standard input must be a terminal")
        }
        let client = try DaemonClient(connection)
        defer { client.close() }
        let player = try DemoPlayer(client: client, demo: self)
        defer { player.end() }
        if scrub {
            try player.scrub()
        } else if release {
            try player.flick()
        } else {
            try player.play()
        }
        return 0
    }

    /// Creates the session.
    func createSession(_ client: DaemonClient) throws -> String {
        let created = try client.call(
            .sessionCreate, SeedApps.session(items: items, clock: "realtime", fps: fps))
        guard let id = created["session"]?.stringValue else {
            throw Failure("session/create answered no session id")
        }
        return id
    }

    /// `transition/start` params to `layout`.
    func startParams(session: String, to layout: JSONValue, interactive: Bool = false) -> JSONValue
    {
        var o = SeedApps.transition(
            to: layout, duration: duration, timing: timing, interactive: interactive)
        o["session"] = .string(session)
        if arc { o["path"] = .object(["type": "arc"]) }
        if keyframes {
            o["keyframes"] = .array([
                .object([
                    "at": .double(0.5), "alpha": .double(DemoCommand.halfWayAlpha),
                    "scale": .double(DemoCommand.halfWayScale),
                    "offset": .object(["y": .double(DemoCommand.lift)]),
                ])
            ])
        }
        return .object(o)
    }

    /// Standard output is not a terminal: the ticks and the didEnd as JSON lines.
    private func printTicks(_ connection: ConnectionOptions) throws -> Int32 {
        let client = try DaemonClient(connection)
        defer { client.close() }
        let session = try createSession(client)
        var ended = false
        let show: (Notification) -> Void = { n in
            guard n.isTick || n.isDidEnd, !ended else { return }
            Console.line(n.message.jsonText)
            if n.isDidEnd { ended = true }
        }
        _ = try client.call(
            .transitionStart,
            startParams(session: session, to: SeedApps.grid, interactive: release),
            onNotification: show)
        if release {
            let released = try pan(client, session: session, onNotification: show)
            Console.line(JSONValue.object(["release": released]).jsonText)
        }
        let deadline = MonotonicClock.now + duration + client.timeout
        while !ended && !Console.isOutputClosed {
            switch try client.poll(until: deadline) {
            case .notification(let n): show(n)
            case .response, .inputReady: break
            case .timeout:
                throw Failure(
                    "no transition/didEnd within \(Format.seconds(duration + client.timeout)) s")
            }
        }
        return 0
    }
}
