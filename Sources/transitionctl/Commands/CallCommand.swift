import CommandLineSpec
import JSONRPC
import TransitionFilm
import TransitionProtocol

/// `transitionctl call <method> [<params>]`: one request, its result on standard output.
struct CallCommand: Subcommand {
    static let spec = CommandSpec(
        name: "call",
        summary: "Send one request and print its result as JSON.",
        usage:
            "transitionctl call <method> [<params>] [--follow] [--pretty] [<connection-options>]",
        term: "call <method> [<params>]",
        overview: [
            "Send one request to transitiond and print its result as JSON on standard output (exit 0), or the JSON-RPC error on standard error (exit 1): a line 'Error: <message> (code <code>)', then the error object {code, message, data}. The connection is initialized first and shut down after: no initialize needed. A started daemon ends with the command, and so do the sessions it holds; to keep state between calls use 'transitionctl run', or --socket with \"keepAlive\": true."
        ],
        arguments: [
            Definition("<method>", "A method such as session/list or transition/start."),
            Definition(
                "<params>",
                "The params as JSON (an object or an array); '-' reads them from standard input. Default: no params."
            ),
        ],
        options: [
            OptionSpec(
                ["--follow"],
                help:
                    "After the result, print the notifications (transition/tick, transition/didEnd) as JSON lines, one message per line, until a transition/didEnd arrives or --timeout seconds pass (then exit 0 with a note). When <params> name a session, the connection subscribes to it (session/subscribe) before the request, so a session another client owns streams here too."
            ),
            OptionSpec(["--pretty"], help: "Print the result indented."),
        ] + Help.subcommandOptions,
        sections: [
            Section(
                "EXAMPLES",
                [
                    .verbatim([
                        "transitionctl call session/list",
                        "transitionctl call session/create '{\"viewport\": {\"width\": 375, \"height\": 667},",
                        "    \"sections\": [{\"items\": 100}], \"layout\": {\"type\": \"list\", \"rowHeight\": 60}}'",
                        "transitionctl --socket /tmp/td.sock call session/subscribe '{\"session\": \"s1\"}' --follow",
                    ])
                ])
        ]
    )

    var method: String
    var params: JSONValue?
    var follow = false
    var pretty = false

    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> CallCommand?
    {
        var positionals: [String] = []
        var follow = false
        var pretty = false
        while let item = arguments.next() {
            switch item {
            case .option(let name, let inline):
                switch name {
                case "-h", "--help": return nil
                case "--follow":
                    try arguments.flag(name, inline)
                    follow = true
                case "--pretty":
                    try arguments.flag(name, inline)
                    pretty = true
                default:
                    guard try arguments.connectionOption(name, inline, into: &connection) else {
                        throw arguments.unknown(name)
                    }
                }
            case .positional(let text):
                positionals.append(text)
            }
        }
        guard let method = positionals.first else {
            throw UsageError("missing <method>", usage: usage)
        }
        guard positionals.count <= 2 else {
            throw UsageError(
                "unexpected argument '\(positionals[2])' (quote the params as one JSON argument)",
                usage: usage)
        }
        var params: JSONValue? = nil
        if positionals.count == 2 {
            let text = positionals[1] == "-" ? StandardInput.readAll() : positionals[1]
            do {
                params = try JSONValue(parsing: text)
            } catch {
                throw UsageError("<params> is not valid JSON: \(error)", usage: usage)
            }
            switch params {
            case .object?, .array?: break
            default: throw UsageError("<params> must be a JSON object or array", usage: usage)
            }
        }
        return CallCommand(method: method, params: params, follow: follow, pretty: pretty)
    }

    func run(_ connection: ConnectionOptions) throws -> Int32 {
        let client = try DaemonClient(connection)
        defer { client.close() }
        if method == RequestMethod.initialize.rawValue {
            // Already done by the connection: show what the daemon answered.
            print(client.initializeResult)
            return 0
        }
        var early: [Notification] = []
        if follow, let session = followedSession {
            // A new connection is in no session's audience: join it before the request
            // so that its ticks come here. An unknown session is reported by the request.
            _ = try client.request(.sessionSubscribe, ["session": .string(session)]) {
                early.append($0)
            }
        }
        let outcome = try client.request(method, params) { early.append($0) }
        switch outcome {
        case .failure(let error):
            throw Failure(
                "\(error.message) (code \(error.code.rawValue))", details: [error.json.jsonText])
        case .success(let result):
            print(result)
        }
        guard follow else { return 0 }
        for n in early {
            Console.line(n.message.jsonText)
            if n.isDidEnd { return 0 }
        }
        let deadline = MonotonicClock.now + client.timeout
        while !Console.isOutputClosed {
            switch try client.poll(until: deadline) {
            case .notification(let n):
                Console.line(n.message.jsonText)
                if n.isDidEnd { return 0 }
            case .response, .inputReady:
                break
            case .timeout:
                Console.error(
                    "note: no transition/didEnd within \(Format.seconds(client.timeout)) s; stopped following"
                )
                return 0
            }
        }
        return 0
    }

    /// The session `--follow` subscribes to: the `session` member of the params, unless
    /// the request is itself a subscription.
    private var followedSession: String? {
        guard method != RequestMethod.sessionSubscribe.rawValue, case .object(let object)? = params,
            case .string(let session)? = object["session"]
        else { return nil }
        return session
    }

    private func print(_ value: JSONValue) {
        Console.line(pretty ? PrettyJSON.text(value) : value.jsonText)
    }
}
