import CommandLineSpec

/// One subcommand: its description, its parser and what it does.
protocol Subcommand {
    /// Its command line: name, usage and help come from it.
    static var spec: CommandSpec { get }
    /// Parses the subcommand's arguments (the connection options are accepted too).
    /// - Returns: `nil` when help was asked for.
    static func parse(_ arguments: inout Arguments, connection: inout ConnectionOptions)
        throws(UsageError) -> Self?
    /// Runs it; returns the exit code.
    func run(_ connection: ConnectionOptions) throws -> Int32
}

extension Subcommand {
    static var name: String { spec.name }
    static var usage: String { spec.usageLine }
    static var help: String { spec.helpText }
}
