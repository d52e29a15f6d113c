import CommandLineSpec
import Testing

struct CompletionTests {
    @Test func bashCompletesValuesByKind() {
        let script = Fixture.tool.completion(for: .bash)
        #expect(
            script.contains(
                "        --level) COMPREPLY=($(compgen -W \"low high\" -- \"$cur\")); return 0 ;;"))
        #expect(script.contains("        --socket) compopt -o filenames"))
        #expect(script.contains("        --count) COMPREPLY=(); return 0 ;;"))
        #expect(script.contains("        play) words=\"--loud --socket -h --help\""))
        #expect(script.hasSuffix("complete -F _tool tool\n"))
    }

    @Test func zshQuotesAndEscapesDescriptions() {
        let script = Fixture.tool.completion(for: .zsh)
        #expect(script.hasPrefix("#compdef tool\n"))
        #expect(script.contains("'--level=[How much \\[really\\]: low or high]:level:(low high)'"))
        #expect(script.contains("'--listen=[Listen]::path:_files'"))
        #expect(script.contains("'--pipe=[Listen]::path:_files'"))
        #expect(script.contains("'play:Play it.'"))
    }

    @Test func fishScopesOptionsToTheirSubcommand() {
        let script = Fixture.tool.completion(for: .fish)
        #expect(script.contains("complete -c tool -l socket -r -F -d 'Connect there'"))
        #expect(
            script.contains(
                "complete -c tool -n __fish_use_subcommand -l level -r -f -a 'low high' -d 'How much [really]: low or high'"
            ))
        #expect(
            script.contains(
                "complete -c tool -n '__fish_seen_subcommand_from play' -l loud -d 'Louder'"))
        #expect(script.contains("complete -c tool -n '__fish_seen_subcommand_from play' -F"))
    }

    @Test func generatedDocumentsAreAskedForFirst() throws {
        #expect(
            try GeneratedDocument.requested(by: ["--help"], spec: Fixture.tool, version: "1") == nil
        )
        #expect(
            try GeneratedDocument.requested(
                by: ["--generate-man"], spec: Fixture.tool, version: "1")
                == Fixture.tool.manPage(version: "1"))
        #expect(
            try GeneratedDocument.requested(
                by: ["--generate-completion", "fish"], spec: Fixture.tool, version: "1")
                == Fixture.tool.completion(for: .fish))
        #expect(throws: GeneratedDocument.UnknownShell.self) {
            try GeneratedDocument.requested(
                by: ["--generate-completion", "tcsh"], spec: Fixture.tool, version: "1")
        }
    }
}
