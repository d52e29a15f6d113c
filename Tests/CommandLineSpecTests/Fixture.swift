import CommandLineSpec

/// A small command with every kind of option, a subcommand and sections.
enum Fixture {
    static let connection = OptionSpec(
        ["--socket"], value: "<path>", .file, help: "Connect there. Not elsewhere.")

    static let sub = CommandSpec(
        name: "play", summary: "Play it.", usage: "tool play <file> [--loud]", term: "play <file>",
        overview: ["Plays the file."], arguments: [Definition("<file>", "What to play.")],
        argumentsAreFiles: true,
        options: [OptionSpec(["--loud"], help: "Louder."), connection.inherited, .help])

    static let tool = CommandSpec(
        name: "tool", summary: "a tool for tests", usage: "tool [<options>] <subcommand>",
        overview: [
            "tool \u{2014} does things; a long sentence that needs more than one line of the help text to be shown whole, so it wraps.",
            "Second paragraph.",
        ],
        options: [
            connection,
            OptionSpec(
                ["--level"], value: "<level>", .choice(["low", "high"]),
                help: "How much [really]: low or high."),
            OptionSpec(
                ["--listen"], value: "<path>", .file, optional: true, aliases: ["--pipe"],
                help: "Listen. It's 'quoted'."),
            OptionSpec(["--count"], value: "<n>", help: "How many (default 3)."),
            .help,
        ],
        subcommands: [sub], subcommandsNote: "See 'tool help <subcommand>'.",
        sections: [
            Section("EXIT STATUS", [.paragraph("0 on success.")]),
            Section("EXAMPLE", [.verbatim([".starts with a dot", "tool play -x \\"])]),
        ],
        seeAlso: ["other(1)"])
}
