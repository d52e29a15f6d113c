import Testing

@testable import CommandLineSpec

struct HelpTextTests {
    @Test func listsEveryOptionInTwoColumns() {
        let lines = Fixture.tool.helpText.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        #expect(lines[0].hasPrefix("OVERVIEW: tool \u{2014} does things;"))
        #expect(lines.contains("USAGE: tool [<options>] <subcommand>"))
        #expect(lines.contains("  --socket <path>         Connect there. Not elsewhere."))
        #expect(lines.contains("  --listen [<path>]       Listen. It's 'quoted'."))
        #expect(lines.contains("  -h, --help              Show help information."))
        #expect(lines.contains("  play <file>             Play it."))
        #expect(lines.contains("EXIT STATUS: 0 on success."))
        #expect(lines.contains("  .starts with a dot"))
        #expect(lines.allSatisfy { $0.count <= 86 })
    }

    @Test func longTermsPutTheirTextOnTheNextLine() {
        let lines = CommandSpec.definitionLines([
            Definition("<a-term-longer-than-the-column>", "Its text.")
        ])
        #expect(
            lines == [
                "  <a-term-longer-than-the-column>",
                String(repeating: " ", count: 26) + "Its text.",
            ])
    }

    @Test func subcommandHelpListsInheritedOptions() {
        let help = Fixture.sub.helpText
        #expect(help.contains("  <file>                  What to play."))
        #expect(help.contains("  --socket <path>         Connect there. Not elsewhere."))
    }
}
