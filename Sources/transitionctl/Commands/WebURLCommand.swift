import CommandLineSpec
import JSONRPC
import LocalSockets

#if canImport(Glibc)
    import Glibc
#endif

/// `transitionctl web-url`: the WebSocket URL (token included) of the daemon serving
/// `--ws`, from its `web.json`, for a page's dev server to hand to the client.
struct WebURLCommand: Subcommand {
    static let spec = CommandSpec(
        name: "web-url",
        summary: "Print the WebSocket URL of the daemon serving --ws.",
        usage: "transitionctl web-url [--viewer] [--json]",
        term: "web-url",
        overview: [
            "Print the ws URL (with its token) that a page passes to TransitionClient.connect, read from web.json in the per-user runtime directory, where a daemon started with --ws writes it (Protocol/README.md section 16.1). Exit 1 when no running daemon wrote one. The URL holds the token: hand it to pages of your own only (a dev server's config, not a published build)."
        ],
        options: [
            OptionSpec(["--viewer"], help: "Print the viewer's http URL instead."),
            OptionSpec(["--json"], help: "Print web.json as it is ({url, ws, token, pid})."),
        ] + Help.subcommandOptions,
        sections: [
            Section(
                "EXAMPLES",
                [
                    .verbatim([
                        "transitiond --listen --ws 0 --allow-origin http://localhost:5173 &",
                        "transitionctl web-url",
                    ])
                ])
        ]
    )

    enum Output { case webSocket, viewer, json }
    var output = Output.webSocket

    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> WebURLCommand?
    {
        var command = WebURLCommand()
        while let item = arguments.next() {
            switch item {
            case .option(let name, let inline):
                switch name {
                case "-h", "--help": return nil
                case "--viewer":
                    try arguments.flag(name, inline)
                    command.output = .viewer
                case "--json":
                    try arguments.flag(name, inline)
                    command.output = .json
                default:
                    guard try arguments.connectionOption(name, inline, into: &connection) else {
                        throw arguments.unknown(name)
                    }
                }
            case .positional(let text):
                throw UsageError("unexpected argument '\(text)'", usage: usage)
            }
        }
        return command
    }

    func run(_ connection: ConnectionOptions) throws -> Int32 {
        let path: String
        do {
            path = try SocketPaths.runtimeDirectory() + "/web.json"
        } catch {
            throw Failure("no runtime directory: \(error)")
        }
        let none =
            "no daemon serves WebSocket (no \(path)): start one with 'transitiond --listen --ws 0'"
        guard let bytes = try? StandardInput.contents(of: path),
            let info = try? JSONParser().parse(bytes),
            let pid = info["pid"]?.int64Value, let ws = info["ws"]?.stringValue,
            let url = info["url"]?.stringValue
        else { throw Failure(none) }
        // A daemon killed without its clean-up leaves its web.json behind.
        guard kill(pid_t(pid), 0) == 0 || errno == EPERM else {
            throw Failure(none + " (process \(pid), which wrote it, is gone)")
        }
        switch output {
        case .webSocket: Console.line(ws)
        case .viewer: Console.line(url)
        case .json: Console.line(info.jsonText)
        }
        return 0
    }
}
