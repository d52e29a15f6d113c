/// The zsh completion: an `_arguments` function, autoloadable (`#compdef`) or sourced.
extension CommandSpec {
    var zshCompletion: String {
        let function = "_" + identifier
        var out = [
            "#compdef \(name)",
            "# zsh completion for \(name), generated from its command-line description.",
            "",
            "\(function)() {",
        ]
        if subcommands.isEmpty {
            var specs = zshSpecs(self)
            if argumentsAreFiles { specs.append("'*:file:_files'") }
            out.append("    _arguments -s \\")
            out.append(specs.map { "        " + $0 }.joined(separator: " \\\n"))
        } else {
            out += [
                "    local curcontext=\"$curcontext\" state line",
                "    typeset -A opt_args",
                "    _arguments -C -s \\",
            ]
            out += zshSpecs(self).map { "        \($0) \\" }
            out += [
                "        '1:subcommand:->subcommand' \\",
                "        '*::argument:->argument' && return 0",
                "    case $state in",
                "        subcommand)",
                "            local -a subcommands",
                "            subcommands=(",
            ]
            out += subcommands.map {
                "                \(Self.zshQuote($0.name + ":" + $0.summary))"
            }
            out += [
                "                \(Self.zshQuote("help:Show the help of a subcommand"))",
                "            )",
                "            _describe -t subcommands subcommand subcommands ;;",
                "        argument)",
                "            case $line[1] in",
                "                help) _values subcommand \(subcommands.map(\.name).joined(separator: " ")) ;;",
            ]
            for sub in subcommands {
                out.append("                \(sub.name)) _arguments -s \\")
                out += zshSpecs(sub).map { "                    \($0) \\" }
                out.append(
                    sub.argumentsAreFiles
                        ? "                    '*:file:_files' ;;"
                        : "                    '*:argument: ' ;;")
            }
            out += ["            esac ;;", "    esac"]
        }
        out += [
            "}",
            "",
            "if [ \"$funcstack[1]\" = \"\(function)\" ]; then",
            "    \(function) \"$@\"",
            "else",
            "    compdef \(function) \(name)",
            "fi",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// One `_arguments` spec per spelling of each option.
    private func zshSpecs(_ command: CommandSpec) -> [String] {
        command.options.flatMap { option in
            option.allNames.map { name in
                let description = "[" + Self.zshBracketed(option.brief) + "]"
                switch option.value {
                case .none:
                    return Self.zshQuote(name + description)
                case .file, .choice, .text:
                    let action: String
                    switch option.value {
                    case .file: action = "_files"
                    case .choice(let words): action = "(" + words.joined(separator: " ") + ")"
                    default: action = " "
                    }
                    let equals = name.hasPrefix("--") ? "=" : ""
                    let colons = option.isValueOptional ? "::" : ":"
                    return Self.zshQuote(
                        name + equals + description + colons + option.valueWord + ":" + action)
                }
            }
        }
    }

    /// Brackets and colons in a description, escaped for `_arguments`.
    static func zshBracketed(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "[" || c == "]" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// `text` in single quotes.
    static func zshQuote(_ text: String) -> String {
        "'"
            + text.split(separator: "'", omittingEmptySubsequences: false).joined(
                separator: "'\\''") + "'"
    }
}
