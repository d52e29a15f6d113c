import CommandLineSpec

enum Subcommands {
    static var all: [any Subcommand.Type] {
        [
            CallCommand.self, RunCommand.self, DemoCommand.self, RenderCommand.self,
            ExportCommand.self, RecordCommand.self, CheckCommand.self,
            SessionsCommand.self, WebURLCommand.self,
        ]
    }

    /// Their names, for a usage error: `call, run, ...`.
    static var names: String { all.map { $0.spec.name }.joined(separator: ", ") }

    static func named(_ name: String) -> (any Subcommand.Type)? {
        all.first { $0.name == name }
    }
}
