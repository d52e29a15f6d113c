import CommandLineSpec
import JSONRPC
import LocalSockets
import TransitionProtocol

/// `transitionctl sessions`: the daemon's sessions (`session/list`) as a table.
struct SessionsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "sessions",
        summary: "List the daemon's sessions as a table.",
        usage: "transitionctl sessions [--json] [<connection-options>]",
        term: "sessions",
        overview: [
            "List the sessions of a running daemon (session/list): id, name, the owner's process id, subscribers, state, items, the layout at rest, clock and keepAlive, one session per line. Without --socket, --shared or --daemon it lists the daemon on the default socket (the per-user shared daemon) when one runs there; otherwise it says that none runs and prints an empty table (a daemon started for this command has no sessions)."
        ],
        options: [
            OptionSpec(["--json"], help: "Print the session/list result as JSON instead.")
        ] + Help.subcommandOptions,
        sections: [
            Section(
                "EXAMPLES",
                [
                    .verbatim([
                        "transitionctl sessions",
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
        let client = try DaemonClient(Self.runningDaemon(else: connection))
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

    /// With no daemon named, the one on the default socket when it answers there: a daemon
    /// started for this command would list nothing.
    static func runningDaemon(else connection: ConnectionOptions) -> ConnectionOptions {
        guard connection.socketPath == nil, !connection.shared, connection.daemonPath == nil
        else { return connection }
        if let path = try? SocketPaths.defaultPath(), UnixSocketConnector.accepts(path) {
            var running = connection
            running.socketPath = path
            return running
        }
        Console.error(
            "transitionctl: no daemon runs on the default socket; one started for this command has no sessions"
        )
        return connection
    }
}
