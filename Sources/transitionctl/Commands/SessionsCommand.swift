import CommandLineSpec
import JSONRPC
import TransitionProtocol

/// `transitionctl sessions`: the daemon's sessions (`session/list`) as a table.
struct SessionsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "sessions",
        summary: "List the daemon's sessions as a table.",
        usage: "transitionctl sessions [--json] [<connection-options>]",
        term: "sessions",
        overview: [
            "List the sessions of a running daemon (session/list): id, name, the owner's process id, subscribers, state, items, the layout at rest, clock and keepAlive, one session per line. A daemon started for this command has none: use it with --shared (the per-user shared daemon) or --socket."
        ],
        options: [
            OptionSpec(["--json"], help: "Print the session/list result as JSON instead.")
        ] + Help.subcommandOptions,
        sections: [
            Section(
                "EXAMPLES",
                [
                    .verbatim([
                        "transitionctl --shared sessions",
                        "transitionctl --socket /tmp/td.sock sessions --json",
                    ])
                ])
        ]
    )

    var json = false

    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> SessionsCommand?
    {
        var command = SessionsCommand()
        while let item = arguments.next() {
            switch item {
            case .option(let name, let inline):
                switch name {
                case "-h", "--help": return nil
                case "--json":
                    try arguments.flag(name, inline)
                    command.json = true
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
        let client = try DaemonClient(connection)
        defer { client.close() }
        switch try client.request(.sessionList, nil) {
        case .failure(let error):
            throw Failure(
                "\(error.message) (code \(error.code.rawValue))", details: [error.json.jsonText])
        case .success(let result):
            if json {
                Console.line(result.jsonText)
            } else {
                for line in SessionTable.lines(result["sessions"]?.arrayValue ?? []) {
                    Console.line(line)
                }
            }
        }
        return 0
    }
}
