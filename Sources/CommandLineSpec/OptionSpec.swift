/// One option: its spellings, its value and what it does.
public struct OptionSpec: Sendable {
    /// What the option's value is, for the completions.
    public enum Value: Sendable, Equatable {
        /// A flag: no value.
        case none
        /// A path to a file (or a socket).
        case file
        /// One of these words.
        case choice([String])
        /// Anything else (a number, a name): nothing to offer.
        case text
    }

    /// The spellings shown, short first (`-h`, `--help`).
    public var names: [String]
    /// Spellings accepted but not shown (`--pipe` for `--listen`): completed, not listed.
    public var aliases: [String]
    /// The value's placeholder (`<path>`), or nil for a flag.
    public var valueName: String?
    public var value: Value
    /// Whether the value may be left out (`--listen [<path>]`).
    public var isValueOptional: Bool
    public var help: String
    /// Given by every subcommand (the connection options): the man page lists them once.
    public var isInherited: Bool

    public init(
        _ names: [String], value valueName: String? = nil, _ value: Value? = nil,
        optional isValueOptional: Bool = false, aliases: [String] = [], help: String,
        inherited isInherited: Bool = false
    ) {
        self.names = names
        self.aliases = aliases
        self.valueName = valueName
        self.value = value ?? (valueName == nil ? .none : .text)
        self.isValueOptional = isValueOptional
        self.help = help
        self.isInherited = isInherited
    }

    /// How the help lists it: `-h, --help`, `--listen [<path>]`, `--log-file <path>`.
    public var synopsis: String {
        let joined = names.joined(separator: ", ")
        guard let valueName else { return joined }
        return isValueOptional ? "\(joined) [\(valueName)]" : "\(joined) \(valueName)"
    }

    /// Every spelling: shown ones, then aliases.
    public var allNames: [String] { names + aliases }

    /// The first sentence of the help: the completions' description.
    public var brief: String { OptionSpec.firstSentence(of: help) }

    static func firstSentence(of text: String) -> String {
        var result = ""
        var previous: Character = " "
        for c in text {
            if c == " " && previous == "." { break }
            result.append(c)
            previous = c
        }
        if result.hasSuffix(".") { result.removeLast() }
        return result
    }

    /// This option as given by every subcommand.
    public var inherited: OptionSpec {
        var copy = self
        copy.isInherited = true
        return copy
    }

    /// `-h, --help`: every command has it.
    public static let help = OptionSpec(["-h", "--help"], help: "Show help information.")
}
