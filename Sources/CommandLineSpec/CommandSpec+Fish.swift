/// The fish completion: one `complete` line per option and subcommand.
extension CommandSpec {
    var fishCompletion: String {
        var out = [
            "# fish completion for \(name), generated from its command-line description.",
            // No file names unless an option or argument asks for them.
            "complete -c \(name) -f",
        ]
        if subcommands.isEmpty {
            out += options.map { fishLine($0, condition: nil) }
            if argumentsAreFiles { out.append("complete -c \(name) -F") }
        } else {
            let names = subcommands.map(\.name).joined(separator: " ")
            for option in options {
                let everywhere = subcommands.contains {
                    $0.options.contains { $0.isInherited && $0.names == option.names }
                }
                out.append(fishLine(option, condition: everywhere ? nil : "__fish_use_subcommand"))
            }
            for sub in subcommands {
                out.append(
                    "complete -c \(name) -n __fish_use_subcommand -a \(sub.name) -d \(Self.fishQuote(sub.summary))"
                )
            }
            out.append(
                "complete -c \(name) -n __fish_use_subcommand -a help -d 'Show the help of a subcommand'"
            )
            out.append("complete -c \(name) -n '__fish_seen_subcommand_from help' -a '\(names)'")
            for sub in subcommands {
                let condition = "'__fish_seen_subcommand_from \(sub.name)'"
                out += sub.options.filter { !$0.isInherited }.map {
                    fishLine($0, condition: condition)
                }
                if sub.argumentsAreFiles { out.append("complete -c \(name) -n \(condition) -F") }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func fishLine(_ option: OptionSpec, condition: String?) -> String {
        var line = "complete -c \(name)"
        if let condition { line += " -n \(condition)" }
        for spelling in option.allNames {
            if spelling.hasPrefix("--") {
                line += " -l " + spelling.dropFirst(2)
            } else if spelling.count == 2 {
                line += " -s " + spelling.dropFirst()
            } else {
                line += " -o " + spelling.dropFirst()
            }
        }
        let required = option.isValueOptional ? "" : " -r"
        switch option.value {
        case .none: break
        case .file: line += required + " -F"
        case .choice(let words):
            line += required + " -f -a " + Self.fishQuote(words.joined(separator: " "))
        case .text: line += required + " -f"
        }
        return line + " -d " + Self.fishQuote(option.brief)
    }

    /// `text` in single quotes (fish escapes only backslash and quote inside them).
    static func fishQuote(_ text: String) -> String {
        var out = "'"
        for c in text {
            if c == "\\" || c == "'" { out.append("\\") }
            out.append(c)
        }
        return out + "'"
    }
}
