/// What the three shells' completions share.
extension CommandSpec {
    /// The shells that completions are written for.
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The completion script for `shell`.
    public func completion(for shell: Shell) -> String {
        switch shell {
        case .bash: return bashCompletion
        case .zsh: return zshCompletion
        case .fish: return fishCompletion
        }
    }

    /// Every option of this command and its subcommands that takes a value, each once.
    var optionsWithValues: [OptionSpec] {
        var seen: Set<String> = []
        return ([self] + subcommands).flatMap(\.options).filter { option in
            guard option.valueName != nil, !seen.contains(option.allNames[0]) else { return false }
            seen.insert(option.allNames[0])
            return true
        }
    }

    /// The subcommands' names, and `help` (which takes one of them) when there are any.
    var subcommandNames: [String] {
        subcommands.isEmpty ? [] : subcommands.map(\.name) + ["help"]
    }

    /// A shell-safe function name part: `transitiond`, `transition_ctl`.
    var identifier: String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}

extension OptionSpec {
    /// The placeholder without its brackets: `path` for `<path>`.
    var valueWord: String {
        String((valueName ?? "value").filter { $0 != "<" && $0 != ">" })
    }
}
