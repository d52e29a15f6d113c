import LocalSockets
import TransitionDaemon
import TransitionDocuments
import TransitionForwarder
import TransitionService
import WebTransport

enum CommandLineOptions {
    /// The usage line quoted with errors; the help is rendered from `spec`.
    static let usage = spec.usageLine

    /// Parses the arguments (without the program name). Options take their value as
    /// the next argument or after `=`.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var options = DaemonOptions()
        var rest = arguments[...]
        var modeGiven = false
        var allowRemote = false
        var allowedOrigins: [String] = []
        var remote: ForwarderOptions.Target?
        var mcp = false
        /// Options other than --remote, --listen-timeout and --log-level, which a
        /// forwarder does not take.
        var daemonOnly: [String] = []
        func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = rest.first else { throw UsageError(message: "\(name) needs a value") }
            rest = rest.dropFirst()
            return next
        }
        func number(_ name: String, _ text: String, _ range: ClosedRange<Int>) throws(UsageError)
            -> Int
        {
            guard let n = Int(text), range.contains(n) else {
                throw UsageError(
                    message:
                        "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'"
                )
            }
            return n
        }
        while let arg = rest.first {
            rest = rest.dropFirst()
            let parts = arg.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count == 2 ? parts[1] : nil
            if !["--remote", "--listen-timeout", "--log-level"].contains(name) {
                daemonOnly.append(name)
            }
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--mcp": mcp = true
            case "--stdio":
                options.mode = .stdio
                modeGiven = true
            case "--ws":
                let text = try value(name, inline)
                guard let (host, port) = WebOptions.parseAddress(text) else {
                    throw UsageError(
                        message:
                            "--ws takes [<host>:]<port> with a port from 0 to 65535, got '\(text)'")
                }
                var web = options.web ?? WebOptions()
                web.host = host ?? web.host
                web.port = port
                options.web = web
            case "--ws-allow-remote": allowRemote = true
            case "--allow-origin":
                let origin = try value(name, inline)
                if origin == "*" {
                    allowedOrigins.append(origin)
                } else {
                    do {
                        allowedOrigins.append(try WebOrigin.normalized(origin))
                    } catch {
                        throw UsageError(message: "--allow-origin \(origin): \(error)")
                    }
                }
            case "--listen", "--pipe":
                modeGiven = true
                if inline == nil, rest.first.map({ $0.hasPrefix("-") }) ?? true {
                    // The default path is found when the daemon starts: a runtime
                    // directory that is not safe is a failure to start, not a mistake.
                    options.mode = .listen(path: nil)
                    options.acceptsSocketActivation = true
                } else {
                    options.mode = .listen(path: try value(name, inline))
                    options.acceptsSocketActivation = false
                }
            case "--remote":
                let text = try value(name, inline)
                guard !text.isEmpty else {
                    throw UsageError(message: "--remote takes auto or a socket path")
                }
                remote = text == "auto" ? .auto : .socket(path: text)
            case "--listen-timeout":
                let text = try value(name, inline)
                guard let milliseconds = milliseconds(text) else {
                    throw UsageError(
                        message:
                            "--listen-timeout takes a duration such as 60s, 500ms, 2m or 60 (seconds), got '\(text)'"
                    )
                }
                options.listenTimeoutMilliseconds = milliseconds
            case "--initialize-timeout":
                let text = try value(name, inline)
                guard let milliseconds = milliseconds(text) else {
                    throw UsageError(
                        message:
                            "--initialize-timeout takes a duration such as 10s, 500ms, 2m or 10 (seconds), got '\(text)'"
                    )
                }
                options.initializeTimeoutMilliseconds = milliseconds
            case "--clientProcessId":
                options.clientProcessID = Int32(
                    try number(name, try value(name, inline), 1...Int(Int32.max)))
            case "--state-dir":
                let directory = try value(name, inline)
                guard !directory.isEmpty else {
                    throw UsageError(message: "--state-dir takes a directory")
                }
                options.stateDirectory = .path(directory)
            case "--no-state": options.stateDirectory = .none
            case "--log-file": options.logFile = try value(name, inline)
            case "--log-level":
                let text = try value(name, inline)
                guard let level = LogLevel(rawValue: text) else {
                    let names = LogLevel.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "--log-level takes one of \(names), got '\(text)'")
                }
                options.logLevel = level
            default:
                guard let limit = ServiceLimits.option(name) else {
                    throw UsageError(message: "unknown option '\(arg)'")
                }
                limit.set(
                    try number(name, try value(name, inline), limit.range), in: &options.limits)
            }
        }
        if mcp {
            // The limits shape what a document may hold; nothing else concerns it.
            let other = (daemonOnly + (remote == nil ? [] : ["--remote"])).first {
                $0 != "--mcp" && ServiceLimits.option($0) == nil
            }
            if let other {
                throw UsageError(
                    message:
                        "--mcp serves MCP on standard input/output; \(other) does not go with it")
            }
            return .mcp(MCPOptions(limits: options.limits))
        }
        if let remote {
            return .forward(try forwarderOptions(remote, options, daemonOnly: daemonOnly))
        }
        if options.web != nil {
            options.web!.allowRemote = allowRemote
            options.web!.allowedOrigins = allowedOrigins
            if !modeGiven { options.mode = .webOnly }
        } else if allowRemote || !allowedOrigins.isEmpty {
            throw UsageError(message: "--ws-allow-remote and --allow-origin need --ws")
        }
        if options.listenTimeoutMilliseconds != nil, options.mode == .stdio {
            throw UsageError(
                message:
                    "--listen-timeout needs --listen or --ws (over standard input/output the client decides)"
            )
        }
        return .serve(options)
    }

    /// `--remote`, with what it passes to a daemon it starts.
    private static func forwarderOptions(
        _ target: ForwarderOptions.Target, _ options: DaemonOptions, daemonOnly: [String]
    ) throws(UsageError) -> ForwarderOptions {
        if let other = daemonOnly.first {
            throw UsageError(
                message: "--remote forwards to a daemon; \(other) is the daemon's option")
        }
        var forwarder = ForwarderOptions(target: target)
        forwarder.logLevel = options.logLevel.rawValue
        if let timeout = options.listenTimeoutMilliseconds {
            guard target == .auto else {
                throw UsageError(
                    message:
                        "--listen-timeout with --remote needs --remote=auto (it is for the daemon that starts)"
                )
            }
            forwarder.listenTimeoutMilliseconds = timeout
        }
        return forwarder
    }

    /// A positive duration in milliseconds: `500ms`, `60s`, `2m`, or plain seconds.
    static func milliseconds(_ text: String) -> UInt64? {
        let units: [(suffix: String, milliseconds: UInt64)] = [
            ("ms", 1), ("s", 1000), ("m", 60_000),
        ]
        let (digits, scale) =
            units.first(where: { text.hasSuffix($0.suffix) }).map {
                (text.dropLast($0.suffix.count), $0.milliseconds)
            }
            ?? (Substring(text), 1000)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let n = UInt64(digits), n > 0
        else { return nil }
        let (total, overflow) = n.multipliedReportingOverflow(by: scale)
        return overflow ? nil : total
    }
}
