import CommandLineSpec

/// The tool's command line, described once: `--help`, transitionctl(1) and the shell
/// completions are rendered from it. Each subcommand keeps its own next to its code.
enum Help {
    /// The options every subcommand takes: how to reach a daemon.
    static let connectionOptions = [
        OptionSpec(
            ["--daemon"], value: "<path>", .file,
            help:
                "The transitiond to start (default: $TRANSITIOND, else the transitiond next to transitionctl, else the PATH)."
        ),
        OptionSpec(
            ["--socket"], value: "<path>", .file,
            help:
                "Connect to a running transitiond (transitiond --listen <path>) instead of starting one."
        ),
        OptionSpec(
            ["--shared"],
            help:
                "Use the per-user shared daemon (through transitiond --remote=auto, which starts it when none runs) instead of a daemon of this command's own: its sessions outlive the command when created with \"keepAlive\": true, and editors with their shared setting on see them."
        ),
        OptionSpec(
            ["--timeout"], value: "<seconds>", help: "Longest wait for a response (default 30)."),
        OptionSpec(
            ["--daemon-log-level"], value: "<l>", .choice(ConnectionOptions.daemonLogLevels),
            help:
                "Log level of a started daemon, written to standard error: error, warning (default), info or debug."
        ),
    ]

    /// The end of each subcommand's options.
    static let subcommandOptions = connectionOptions.map(\.inherited) + [OptionSpec.help]

    static let spec = CommandSpec(
        name: "transitionctl",
        summary: "the command-line client of transitiond",
        usage: "transitionctl [<connection-options>] <subcommand> [<options>]",
        overview: [
            "transitionctl \u{2014} the command-line client of transitiond. It starts a transitiond for the length of one command (or connects to a running one with --socket), speaks JSON-RPC 2.0 to it, and prints what comes back."
        ],
        options: connectionOptions + [.help, OptionSpec(["--version"], help: "Show the version.")],
        subcommands: Subcommands.all.map { $0.spec },
        subcommandsNote:
            "See 'transitionctl help <subcommand>' (or '<subcommand> --help') for details.",
        sections: [
            Section(
                "EXIT STATUS",
                [
                    .paragraph(
                        "0 on success; 1 on a failure (an error response, a lost connection, a timeout); 64 on a command-line mistake; 128 plus the signal's number when interrupted (130 for Ctrl-C)."
                    )
                ]),
            Section(
                "ENVIRONMENT",
                [
                    .definitions([
                        Definition(
                            "TRANSITIOND", "The transitiond to start when --daemon is not given.")
                    ])
                ]),
        ],
        seeAlso: ["transitiond(1)"]
    )

    static let usage = spec.usageLine
    static let text = spec.helpText
}
