import TransitionServer

/// What the command line asks for.
enum Command {
    case serve(DaemonOptions)
    case help
    case version
}

/// A command-line mistake: printed as `Error: ...` with the usage, exit 64.
struct UsageError: Error {
    var message: String
}

enum CommandLineOptions {
    static let usage = "USAGE: transitiond [--stdio | --listen <path>] [<options>]"

    static let help = """
        OVERVIEW: transitiond — animated layout transitions as a service. It speaks
        JSON-RPC 2.0 with LSP framing (Content-Length headers) on standard input and
        output, or on a Unix socket, and streams each frame's layout attributes.

        \(usage)

        OPTIONS:
          --stdio                 Serve one client on standard input/output (the default).
          --listen [<path>]       Serve clients on a Unix socket at <path> (created 0600)
                                  until SIGINT or SIGTERM. Also --pipe=<path>. Without
                                  a path: $XDG_RUNTIME_DIR/transitiond/transitiond.sock,
                                  else /tmp/transitiond-<uid>/transitiond.sock (the
                                  directory made 0700). Only this user may connect.
          --clientProcessId <pid> Exit when that process dies.
          --log-file <path>       Write logs to <path> instead of standard error.
          --log-level <level>     error, warning (default), info (also connections and
                                  signals) or debug.
          --max-message-bytes <n> Largest message body accepted (default 16777216).
          --max-header-bytes <n>  Largest header section accepted (default 8192).
          --max-depth <n>         Deepest JSON nesting accepted (default 128).
          --max-batch <n>         Messages in one JSON-RPC batch (default 1000).
          --max-sessions <n>      Sessions per connection (default 64).
          --max-items <n>         Items per session (default 10000000).
          --max-connections <n>   Concurrent socket clients (default 256).
          --max-backlog-bytes <n> Unsent bytes after which a client is disconnected
                                  (default 67108864).
          -h, --help              Show help information.
          --version               Show the version.
        """

    /// Parses the arguments (without the program name). Options take their value as
    /// the next argument or after `=`.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var options = DaemonOptions()
        var rest = arguments[...]
        func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = rest.first else { throw UsageError(message: "\(name) needs a value") }
            rest = rest.dropFirst()
            return next
        }
        func number(_ name: String, _ text: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
            guard let n = Int(text), range.contains(n) else {
                throw UsageError(message: "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
            }
            return n
        }
        while let arg = rest.first {
            rest = rest.dropFirst()
            let parts = arg.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count == 2 ? parts[1] : nil
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--stdio": options.mode = .stdio
            case "--listen", "--pipe":
                if inline == nil, rest.first.map({ $0.hasPrefix("-") }) ?? true {
                    do {
                        options.mode = .listen(path: try SocketPaths.defaultPath())
                    } catch {
                        throw UsageError(message: "no safe default socket path: \(error)")
                    }
                } else {
                    options.mode = .listen(path: try value(name, inline))
                }
            case "--clientProcessId":
                options.clientProcessID = Int32(try number(name, try value(name, inline), 1...Int(Int32.max)))
            case "--log-file": options.logFile = try value(name, inline)
            case "--log-level":
                let text = try value(name, inline)
                guard let level = LogLevel(rawValue: text) else {
                    let names = LogLevel.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "--log-level takes one of \(names), got '\(text)'")
                }
                options.logLevel = level
            case "--max-message-bytes": options.maxMessageBytes = try number(name, try value(name, inline), 64...(1 << 30))
            case "--max-header-bytes": options.maxHeaderBytes = try number(name, try value(name, inline), 64...(1 << 20))
            case "--max-depth": options.maxDepth = try number(name, try value(name, inline), 2...10_000)
            case "--max-batch": options.maxBatch = try number(name, try value(name, inline), 1...1_000_000)
            case "--max-connections": options.maxConnections = try number(name, try value(name, inline), 1...100_000)
            case "--max-backlog-bytes": options.maxBacklogBytes = try number(name, try value(name, inline), (64 << 10)...(1 << 34))
            case "--max-sessions": options.maxSessionsPerConnection = try number(name, try value(name, inline), 1...100_000)
            case "--max-items": options.maxItemsPerSession = try number(name, try value(name, inline), 1...100_000_000)
            default: throw UsageError(message: "unknown option '\(arg)'")
            }
        }
        return .serve(options)
    }
}
