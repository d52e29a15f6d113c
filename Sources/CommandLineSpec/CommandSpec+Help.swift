/// The `--help` text.
extension CommandSpec {
    /// Width of the help text.
    static let helpWidth = 86
    /// Where the explanations of a definition list start.
    static let termColumn = 26

    /// `--help`: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS, then the sections.
    public var helpText: String {
        var out: [String] = []
        out += Self.inline(title: "OVERVIEW", overview[0])
        for paragraph in overview.dropFirst() {
            out.append("")
            out += TextWrapping.lines(paragraph, width: Self.helpWidth)
        }
        out += ["", usageLine]
        if !arguments.isEmpty {
            out += ["", "ARGUMENTS:"] + Self.definitionLines(arguments)
        }
        out += ["", "OPTIONS:"]
        out += Self.definitionLines(options.map { Definition($0.synopsis, $0.help) })
        if !subcommands.isEmpty {
            out += ["", "SUBCOMMANDS:"]
            out += Self.definitionLines(subcommands.map { Definition($0.term, $0.summary) })
            if let subcommandsNote {
                out.append("")
                out += TextWrapping.lines(subcommandsNote, width: Self.helpWidth - 2).map {
                    "  " + $0
                }
            }
        }
        for section in sections {
            out.append("")
            out += Self.lines(section)
        }
        return out.joined(separator: "\n")
    }

    /// `USAGE: ...`, as usage errors quote it.
    public var usageLine: String { "USAGE: " + usage }

    static func lines(_ section: Section) -> [String] {
        var out: [String] = []
        for (index, block) in section.blocks.enumerated() {
            switch block {
            case .paragraph(let text):
                if index == 0 {
                    out += inline(title: section.title, text)
                } else {
                    out += [""] + TextWrapping.lines(text, width: helpWidth)
                }
            case .definitions(let definitions):
                if index == 0 { out.append(section.title + ":") }
                out += definitionLines(definitions)
            case .verbatim(let lines):
                if index == 0 { out.append(section.title + ":") }
                out += lines.map { "  " + $0 }
            }
        }
        return out
    }

    /// `TITLE: text` filled, the title on the first line.
    static func inline(title: String, _ text: String) -> [String] {
        let prefix = title + ": "
        var lines = TextWrapping.lines(text, width: helpWidth, firstLineOffset: prefix.count)
        lines[0] = prefix + lines[0]
        return lines
    }

    /// Two columns: the term indented by 2, its text from `termColumn` on (on the next
    /// line when the term is too long).
    static func definitionLines(_ definitions: [Definition]) -> [String] {
        var out: [String] = []
        let indent = String(repeating: " ", count: termColumn)
        for d in definitions {
            let text = TextWrapping.lines(d.text, width: helpWidth - termColumn)
            let term = "  " + d.term
            if term.count < termColumn {
                let pad = String(repeating: " ", count: termColumn - term.count)
                out.append(term + pad + text[0])
                out += text.dropFirst().map { indent + $0 }
            } else {
                out.append(term)
                out += text.map { indent + $0 }
            }
        }
        return out
    }
}
