/// The bash completion: plain `complete -F`, needing nothing from bash-completion.
extension CommandSpec {
    var bashCompletion: String {
        let function = "_" + identifier
        var out = [
            "# bash completion for \(name), generated from its command-line description.",
            "\(function)() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    # --name=value: bash splits at the =.",
            "    if [[ $prev == \"=\" && $COMP_CWORD -ge 2 ]]; then prev=\"${COMP_WORDS[COMP_CWORD-2]}\"; fi",
            "    [[ $cur == \"=\" ]] && cur=\"\"",
            "    case \"$prev\" in",
        ]
        for option in optionsWithValues {
            let pattern = option.allNames.joined(separator: "|")
            switch option.value {
            case .file:
                out.append(
                    "        \(pattern)) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); return 0 ;;"
                )
            case .choice(let words):
                out.append(
                    "        \(pattern)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return 0 ;;"
                )
            case .text, .none:
                if !option.isValueOptional {
                    out.append("        \(pattern)) COMPREPLY=(); return 0 ;;")
                }
            }
        }
        out.append("    esac")
        if subcommands.isEmpty {
            out.append("    local words=\"\(bashWords(options))\"")
            if argumentsAreFiles { out += bashFiles }
        } else {
            let valued = optionsWithValues.filter { !$0.isValueOptional }.flatMap(\.allNames)
            out += [
                "    local i subcommand=\"\"",
                "    for ((i = 1; i < COMP_CWORD; i++)); do",
                "        case \"${COMP_WORDS[i]}\" in",
                "            \(valued.joined(separator: "|"))) ((i++)) ;;",
                "            -*) ;;",
                "            *) subcommand=\"${COMP_WORDS[i]}\"; break ;;",
                "        esac",
                "    done",
                "    local words",
                "    case \"$subcommand\" in",
                "        \"\") if [[ $cur == -* ]]; then words=\"\(bashWords(options))\"; else words=\"\(subcommandNames.joined(separator: " "))\"; fi ;;",
                "        help) words=\"\(subcommands.map(\.name).joined(separator: " "))\" ;;",
            ]
            for sub in subcommands {
                var line = "        \(sub.name)) words=\"\(bashWords(sub.options))\""
                if sub.argumentsAreFiles {
                    line +=
                        "; if [[ $cur != -* ]]; then compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); return 0; fi"
                }
                out.append(line + " ;;")
            }
            out.append("    esac")
        }
        out += [
            "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))",
            "}",
            "complete -F \(function) \(name)",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    private func bashWords(_ options: [OptionSpec]) -> String {
        options.flatMap(\.allNames).joined(separator: " ")
    }

    private var bashFiles: [String] {
        [
            "    if [[ $cur != -* ]]; then compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); return 0; fi"
        ]
    }
}
