/// One subcommand: its help, its parser and what it does.
protocol Subcommand {
    static var name: String { get }
    static var usage: String { get }
    static var help: String { get }
    /// Parses the subcommand's arguments (the connection options are accepted too).
    /// - Returns: `nil` when help was asked for.
    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> Self?
    /// Runs it; returns the exit code.
    func run(_ connection: ConnectionOptions) throws -> Int32
}

enum Subcommands {
    static func named(_ name: String) -> (any Subcommand.Type)? {
        let all: [any Subcommand.Type] = [
            CallCommand.self, RunCommand.self, DemoCommand.self, RenderCommand.self, ExportCommand.self,
        ]
        return all.first { $0.name == name }
    }
}
