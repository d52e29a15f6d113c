/// The whole command line of one executable or subcommand, described once: `--help`,
/// the man page and the shell completions are all rendered from it, so they agree.
public struct CommandSpec: Sendable {
    /// The program (`transitiond`) or the subcommand's own name (`call`).
    public var name: String
    /// One line for the man page's NAME section and the subcommand lists.
    public var summary: String
    /// The synopsis, without `USAGE: `.
    public var usage: String
    /// How a subcommand is listed by its parent (`call <method> [<params>]`).
    public var term: String
    /// The OVERVIEW paragraphs.
    public var overview: [String]
    public var arguments: [Definition]
    /// Whether the arguments are paths (completed as files).
    public var argumentsAreFiles: Bool
    public var options: [OptionSpec]
    public var subcommands: [CommandSpec]
    /// A paragraph after the list of subcommands.
    public var subcommandsNote: String?
    /// Further sections, after the options (EXIT STATUS, EXAMPLES ...).
    public var sections: [Section]
    /// Other pages worth reading, as `name(section)`.
    public var seeAlso: [String]

    public init(
        name: String, summary: String, usage: String, term: String? = nil, overview: [String],
        arguments: [Definition] = [], argumentsAreFiles: Bool = false, options: [OptionSpec],
        subcommands: [CommandSpec] = [],
        subcommandsNote: String? = nil, sections: [Section] = [], seeAlso: [String] = []
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.term = term ?? name
        self.overview = overview
        self.arguments = arguments
        self.argumentsAreFiles = argumentsAreFiles
        self.options = options
        self.subcommands = subcommands
        self.subcommandsNote = subcommandsNote
        self.sections = sections
        self.seeAlso = seeAlso
    }

    /// The subcommand called `name`.
    public func subcommand(_ name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }
}
