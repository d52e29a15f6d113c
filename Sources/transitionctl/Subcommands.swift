import CommandLineSpec

enum Subcommands {
    static var all: [any Subcommand.Type] {
        [
            CallCommand.self, RunCommand.self, DemoCommand.self, RenderCommand.self,
            ExportCommand.self,
            SessionsCommand.self, WebURLCommand.self,
        ]
    }

    static func named(_ name: String) -> (any Subcommand.Type)? {
        all.first { $0.name == name }
    }
}
