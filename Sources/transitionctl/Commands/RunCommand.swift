import CommandLineSpec
import JSONRPC

#if canImport(Glibc)
    import Glibc
#endif

/// `transitionctl run <file>|-`: a script of requests on one connection.
struct RunCommand: Subcommand {
    static let spec = CommandSpec(
        name: "run",
        summary: "Run a script of JSON-lines requests on one connection.",
        usage: "transitionctl run <file>|- [--keep-going] [<connection-options>]",
        term: "run <file>|-",
        overview: [
            "Run a script of requests on one connection, in order, and print every message the daemon sends (each response and each notification) as one JSON line on standard output, in the order they arrive. Sessions live as long as the script, so this is the way to script a started daemon from a shell. At the end of the script the connection is shut down: end with a wait line to see a transition through."
        ],
        arguments: [Definition("<file>|-", "The script ('-': standard input, read as it comes).")],
        argumentsAreFiles: true,
        options: [
            OptionSpec(
                ["--keep-going"],
                help:
                    "Go on after an error response (the exit status is 1 all the same). By default the script stops there."
            )
        ] + Help.subcommandOptions,
        sections: [
            Section(
                "SCRIPT LINES",
                [
                    .paragraph(
                        "JSON objects, one per line; blank lines and lines starting with # are skipped."
                    ),
                    .definitions([
                        Definition(
                            "{\"method\": \"session/create\", \"params\": {...}}",
                            "Send a request and wait for its response. Optional \"id\" (default: 1, 2, 3 ...); \"notification\": true sends a notification instead (no response)."
                        ),
                        Definition(
                            "{\"wait\": \"didEnd\"}",
                            "Wait for a transition/didEnd that no earlier wait took (one that already arrived counts). Optional \"session\", \"transition\" (match only those) and \"timeout\" (seconds, default --timeout)."
                        ),
                        Definition(
                            "{\"wait\": \"tick\"}",
                            "Wait for a transition/tick that arrived after the previous wait (same options)."
                        ),
                        Definition(
                            "{\"sleep\": 0.25}", "Wait that many seconds, printing what arrives."),
                    ]),
                ]),
            Section(
                "EXIT STATUS",
                [
                    .paragraph(
                        "0 when every request succeeded; 1 after an error response, a line that is not valid, a wait that timed out or a lost connection."
                    )
                ]),
            Section(
                "EXAMPLE",
                [
                    .verbatim([
                        "printf '%s\\n' \\",
                        "  '{\"method\": \"session/create\", \"params\": {\"viewport\": {\"width\": 375, \"height\": 667}, \"sections\": [{\"items\": 100}], \"layout\": {\"type\": \"list\", \"rowHeight\": 60}, \"clock\": \"manual\"}}' \\",
                        "  '{\"method\": \"transition/start\", \"params\": {\"session\": \"s1\", \"to\": {\"type\": \"grid\", \"columns\": 2}, \"duration\": 0.5}}' \\",
                        "  '{\"method\": \"clock/advance\", \"params\": {\"session\": \"s1\", \"by\": 0.5}}' \\",
                        "  '{\"wait\": \"didEnd\"}' | transitionctl run -",
                    ])
                ]),
        ]
    )

    var path: String
    var keepGoing = false

    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> RunCommand?
    {
        var path: String? = nil
        var keepGoing = false
        while let item = arguments.next() {
            switch item {
            case .option(let name, let inline):
                switch name {
                case "-h", "--help": return nil
                case "--keep-going":
                    try arguments.flag(name, inline)
                    keepGoing = true
                default:
                    guard try arguments.connectionOption(name, inline, into: &connection) else {
                        throw arguments.unknown(name)
                    }
                }
            case .positional(let text):
                guard path == nil else {
                    throw UsageError("unexpected argument '\(text)'", usage: usage)
                }
                path = text
            }
        }
        guard let path else {
            throw UsageError("missing <file> (or - for standard input)", usage: usage)
        }
        return RunCommand(path: path, keepGoing: keepGoing)
    }

    func run(_ connection: ConnectionOptions) throws -> Int32 {
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw Failure("cannot open '\(path)': \(FileDescriptor.errorText)")
            }
        }
        defer { if fd != 0 { close(fd) } }
        let client = try DaemonClient(connection)
        defer { client.close() }
        var script = ScriptRunner(client: client, keepGoing: keepGoing)
        var reader = LineReader(fd: fd)
        var number = 0
        while !Console.isOutputClosed {
            if let line = reader.nextLine() {
                number += 1
                if try !script.perform(line, number: number) { return 1 }
                continue
            }
            if reader.atEnd { break }
            // Print what the daemon sends while the next line is not there yet.
            switch try client.poll(until: nil, watching: fd) {
            case .inputReady: reader.fill()
            case .notification(let n): script.show(n)
            case .response(_, let message): Console.line(message.jsonText)
            case .timeout: break
            }
        }
        return script.failed ? 1 : 0
    }
}
