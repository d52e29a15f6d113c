/// The man page, in roff with the `man` macros.
extension CommandSpec {
    /// The page `name(1)`; `version` goes in its footer.
    public func manPage(version: String) -> String {
        var out = [
            ".\\\" Generated from the command-line description of \(name): do not edit.",
            ".TH \(name.uppercased()) 1 \"\" \"\(name) \(version)\" \"User Commands\"",
            // Not hyphenated nor justified: options and paths stay whole, easy to copy.
            ".nh", ".ad l",
            ".SH NAME", Roff.line("\(name) - \(summary)"),
            ".SH SYNOPSIS", manSynopsis,
            ".SH DESCRIPTION",
        ]
        out += Self.manParagraphs(overview)
        if !arguments.isEmpty {
            out += [".SH ARGUMENTS"] + Self.manDefinitions(arguments)
        }
        out += [".SH OPTIONS"] + manOptions(options)
        if !subcommands.isEmpty {
            out.append(".SH SUBCOMMANDS")
            if let subcommandsNote { out += Self.manParagraphs([subcommandsNote]) }
            for sub in subcommands { out += sub.manSubcommand(parent: name) }
        }
        for section in sections {
            out +=
                [".SH " + Roff.escape(section.title.uppercased())] + Self.manBlocks(section.blocks)
        }
        if !seeAlso.isEmpty {
            out += [".SH SEE ALSO", seeAlso.map(Self.manReference).joined(separator: ",\n")]
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The synopsis with the program in bold.
    private var manSynopsis: String {
        guard usage.hasPrefix(name) else { return Roff.line(usage) }
        return Roff.bold(name) + Roff.escape(String(usage.dropFirst(name.count)))
    }

    /// A subcommand's part of its parent's page: its synopsis, overview, arguments, own
    /// options and sections.
    private func manSubcommand(parent: String) -> [String] {
        var out = [".SS " + Roff.bold(term), manSynopsis]
        out += Self.manParagraphs(overview)
        if !arguments.isEmpty { out += Self.manDefinitions(arguments) }
        out += manOptions(options.filter { !$0.isInherited })
        if options.contains(where: \.isInherited) {
            out += Self.manParagraphs(["It takes the connection options too (see OPTIONS)."])
        }
        for section in sections {
            out +=
                [".PP", Roff.bold(section.title.capitalizedFirst + ":")]
                + Self.manBlocks(section.blocks)
        }
        return out
    }

    private func manOptions(_ options: [OptionSpec]) -> [String] {
        options.flatMap { option -> [String] in
            var names = option.names.map(Roff.bold).joined(separator: ", ")
            if let valueName = option.valueName {
                let value = "\\fI" + Roff.escape(valueName) + "\\fR"
                names += option.isValueOptional ? " [" + value + "]" : " " + value
            }
            return [".TP", names, Roff.line(option.help)]
        }
    }

    static func manParagraphs(_ paragraphs: [String]) -> [String] {
        paragraphs.flatMap { [".PP", Roff.line($0)] }
    }

    static func manDefinitions(_ definitions: [Definition]) -> [String] {
        definitions.flatMap { [".TP", Roff.bold($0.term), Roff.line($0.text)] }
    }

    static func manBlocks(_ blocks: [Section.Block]) -> [String] {
        blocks.flatMap { block -> [String] in
            switch block {
            case .paragraph(let text): return manParagraphs([text])
            case .definitions(let definitions): return manDefinitions(definitions)
            case .verbatim(let lines):
                return [".PP", ".RS 4", ".nf"] + lines.map(Roff.line) + [".fi", ".RE"]
            }
        }
    }

    /// `transitionctl(1)` as `\fBtransitionctl\fR(1)`.
    static func manReference(_ page: String) -> String {
        guard let open = page.firstIndex(of: "(") else { return Roff.bold(page) }
        return Roff.bold(String(page[..<open])) + String(page[open...])
    }
}

extension String {
    /// `EXIT STATUS` as `Exit status`.
    var capitalizedFirst: String {
        guard let first else { return self }
        return String(first) + dropFirst().lowercased()
    }
}
