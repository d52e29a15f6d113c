import CommandLineSpec
import Testing

struct ManPageTests {
    let page = Fixture.tool.manPage(version: "1.2.3")

    @Test func hasTheStandardSections() {
        let lines = page.split(separator: "\n").map(String.init)
        #expect(lines.contains(".TH TOOL 1 \"\" \"tool 1.2.3\" \"User Commands\""))
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "SUBCOMMANDS", "EXIT STATUS", "EXAMPLE",
            "SEE ALSO",
        ] {
            #expect(lines.contains(".SH \(section)"), "missing \(section)")
        }
        #expect(lines.contains("tool \\- a tool for tests"))
        #expect(lines.contains("\\fBother\\fR(1)"))
    }

    @Test func escapesHyphensBackslashesDotsAndGlyphs() {
        let lines = page.split(separator: "\n").map(String.init)
        #expect(lines.contains("\\fB\\-\\-listen\\fR [\\fI<path>\\fR]"))
        #expect(lines.contains("\\&.starts with a dot"))
        #expect(lines.contains("tool play \\-x \\e"))
        #expect(lines.contains { $0.hasPrefix("tool \\(em does things;") })
        // No line but the comment starts a request by accident.
        #expect(!lines.contains { $0.hasPrefix("'") })
    }

    @Test func subcommandsListOnlyTheirOwnOptions() {
        let parts = page.split(separator: ".SS \\fBplay <file>\\fR", maxSplits: 1)
        #expect(parts.count == 2)
        let sub = parts.last!
        #expect(sub.contains("\\fB\\-\\-loud\\fR"))
        #expect(!sub.contains("Connect there."))
        #expect(sub.contains("It takes the connection options too (see OPTIONS)."))
    }
}
