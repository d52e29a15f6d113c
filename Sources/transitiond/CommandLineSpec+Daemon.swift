import CommandLineSpec
import LocalSockets
import TransitionDaemon
import TransitionDocuments
import TransitionForwarder
import TransitionService

/// transitiond's command line, described once: `--help`, transitiond(1) and the shell
/// completions are rendered from it.
extension CommandLineOptions {
    static let spec: CommandSpec = {
        let defaults = DaemonOptions()
        return CommandSpec(
            name: "transitiond",
            summary: "animated layout transitions as a service",
            usage:
                "transitiond [--stdio | --listen <path> | --remote auto|<path> | --mcp] [--ws [<host>:]<port>] [<options>]",
            overview: [
                "transitiond \u{2014} animated layout transitions as a service. It speaks JSON-RPC 2.0 with LSP framing (Content-Length headers) on standard input and output, or on a Unix socket, and streams each frame's layout attributes."
            ],
            options: [
                OptionSpec(
                    ["--stdio"], help: "Serve one client on standard input/output (the default)."),
                OptionSpec(
                    ["--listen"], value: "<path>", .file, optional: true, aliases: ["--pipe"],
                    help:
                        "Serve clients on a Unix socket at <path> (created 0600) until SIGINT or SIGTERM. Also --pipe=<path>. Without a path: $XDG_RUNTIME_DIR/transitiond/\(SocketPaths.socketName), else /tmp/transitiond-<uid>/\(SocketPaths.socketName) (the directory made 0700). Only this user may connect. Without a path, a socket passed by systemd (LISTEN_PID and LISTEN_FDS, as transitiond.socket does) is served instead, and its file is left to systemd."
                ),
                OptionSpec(
                    ["--remote"], value: "auto|<path>", .file,
                    help:
                        "Forward standard input/output, byte for byte, to the daemon on a Unix socket, so editors and scripts share one daemon and its sessions. auto: the per-user daemon at the default socket path (see --listen), started when none answers (detached, --listen-timeout 60s unless given, logging to transitiond.log beside the socket); forwarders started at once share one daemon. <path>: a daemon already serving <path>. It exits when either side closes; when the daemon goes away it says so on standard error and exits 1. Only --listen-timeout and --log-level (both for the daemon it starts) go with it."
                ),
                OptionSpec(
                    ["--mcp"],
                    help:
                        "Serve the Model Context Protocol on standard input/output instead (newline-delimited JSON-RPC, protocol versions \(MCPServer.protocolVersions.joined(separator: ", "))), for coding agents: the tools validate, sample, export, render and describe take a transition document (an object, or a path), and the document's schema is the resource transitiond://schema/transition-document.json. Only the --max-* limits go with it. It exits 0 at the end of its input."
                ),
                OptionSpec(
                    ["--listen-timeout"], value: "<duration>",
                    help:
                        "With --listen or --ws: exit (status 0) when no client has been connected for <duration>, counted from the start and from when the last client left: 500ms, 60s, 2m, or plain seconds. Never by default, except for the daemon --remote=auto starts (60s)."
                ),
                OptionSpec(
                    ["--ws"], value: "[<host>:]<port>",
                    help:
                        "Also serve HTTP and WebSocket (RFC 6455) on TCP: the live web viewer at /, JSON-RPC in text frames. <host> is 127.0.0.1 by default; port 0 picks a free one. Every request needs the token written, with the URLs, to web.json beside the default socket (0600). Alone (without --stdio or --listen) it is the only transport."
                ),
                OptionSpec(
                    ["--ws-allow-remote"], help: "Let --ws bind an address that is not loopback."),
                OptionSpec(
                    ["--allow-origin"], value: "<origin>",
                    help:
                        "A page origin allowed to connect besides the daemon's own (repeatable): scheme://host[:port] with no path, e.g. http://localhost:5173 (scheme and host are compared in lower case, a default port is left out). '*' allows every origin, which leaves the token the only guard (a warning is logged)."
                ),
                OptionSpec(
                    ["--initialize-timeout"], value: "<duration>",
                    help:
                        "Close a socket or --ws client that has not completed initialize within <duration> of connecting (for --ws that includes its HTTP request head and token), so idle or slow connections cannot hold the connection budgets (default \(defaults.initializeTimeoutMilliseconds / 1000)s)."
                ),
                OptionSpec(
                    ["--state-dir"], value: "<dir>", .file,
                    help:
                        "With --listen: keep each named keepAlive session in a file in <dir> (made 0700, files 0600), written after every change at rest and removed at session/dispose, and restore them at start, so they outlive the daemon (an idle exit, a crash, an upgrade). By default $XDG_STATE_HOME/transitiond, else ~/.local/state/transitiond. A file that cannot be restored is renamed with .corrupt added and logged. The daemon --remote=auto starts takes the default (its environment's XDG_STATE_HOME)."
                ),
                OptionSpec(
                    ["--no-state"],
                    help:
                        "Keep no session state: nothing is restored or written (sessions end with the daemon)."
                ),
                OptionSpec(
                    ["--clientProcessId"], value: "<pid>", help: "Exit when that process dies."),
                OptionSpec(
                    ["--log-file"], value: "<path>", .file,
                    help: "Write logs to <path> instead of standard error."),
                OptionSpec(
                    ["--log-level"], value: "<level>", .choice(LogLevel.allCases.map(\.rawValue)),
                    help:
                        "error, warning (default), info (also connections and signals) or debug. Warnings and errors are limited to one line per reason per second, with a count of the others; the log never blocks the daemon (a reader that falls behind loses lines, and is told how many)."
                ),
            ]
                + ServiceLimits.options.map { limit in
                    OptionSpec(
                        [limit.flag], value: "<n>",
                        help: "\(limit.summary) (default \(limit.value(in: defaults.limits))).")
                } + [
                    .help,
                    OptionSpec(["--version"], help: "Show the version."),
                ],
            sections: [
                Section(
                    "EXIT STATUS",
                    [
                        .paragraph(
                            "Over standard input/output: 0 after shutdown and exit; 1 when the client leaves without shutdown, after a framing error or on a signal. With --listen: 0 on SIGINT or SIGTERM, or after --listen-timeout without a client. 1 when it cannot start (the socket, a missing or unsafe directory for it, the log file, web.json with --ws alone); 64 on a command-line mistake. With --mcp: 0 at the end of its input, 1 when standard output closed. With --remote: 0 when the client's input ended or the daemon closed the connection and still runs; 1 when it cannot connect or start the daemon, when the daemon went away, or when standard output closed."
                        )
                    ]),
                Section(
                    "ENVIRONMENT",
                    [
                        .definitions([
                            Definition(
                                "XDG_RUNTIME_DIR",
                                "Where the default socket lives (its transitiond directory), with the lock and log of the daemon --remote=auto starts. When it is set but is not a directory of this user's that only it can enter, /tmp/transitiond-<uid> is used instead, with a warning."
                            ),
                            Definition(
                                "XDG_STATE_HOME, HOME",
                                "Where a daemon serving a socket keeps its durable sessions: $XDG_STATE_HOME/transitiond, else $HOME/.local/state/transitiond (see --state-dir)."
                            ),
                            Definition(
                                "LISTEN_PID, LISTEN_FDS",
                                BuildPlatform.hasSocketActivation
                                    ? "Socket activation: when LISTEN_PID is the daemon's process id and LISTEN_FDS is 1, --listen without a path serves the listening Unix socket on fd 3 (the variables and LISTEN_FDNAMES are then removed from its environment)."
                                    : "Socket activation is not supported in this build: when LISTEN_PID is the daemon's process id, --listen without a path refuses to start."
                            ),
                        ])
                    ]),
                Section(
                    "EXAMPLES",
                    [
                        .verbatim([
                            "transitiond --listen --log-level info",
                            "transitiond --remote=auto",
                            "transitiond --mcp",
                            "transitionctl --socket \"$XDG_RUNTIME_DIR/transitiond/\(SocketPaths.socketName)\" call session/list",
                        ])
                    ]),
            ],
            seeAlso: ["transitionctl(1)", "systemd.socket(5)"]
        )
    }()
}
