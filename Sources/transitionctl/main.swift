// transitionctl: the command-line client of transitiond (see Help.swift).
import CommandLineSpec

#if canImport(Glibc)
    import Glibc
#endif

/// Parses the command line and runs the subcommand; returns the exit code.
func runTool(_ argv: [String]) -> Int32 {
    do {
        var connection = ConnectionOptions()
        var arguments = Arguments(argv[...], usage: Help.usage)
        while let item = arguments.next() {
            switch item {
            case .option(let name, let inline):
                switch name {
                case "-h", "--help":
                    Console.line(Help.text)
                    return 0
                case "--version":
                    Console.line("\(Version.name) \(Version.number)")
                    return 0
                default:
                    guard try arguments.connectionOption(name, inline, into: &connection) else {
                        throw arguments.unknown(name)
                    }
                }
            case .positional("help"):
                guard case .positional(let name)? = arguments.next() else {
                    Console.line(Help.text)
                    return 0
                }
                guard let command = Subcommands.named(name) else {
                    throw UsageError("unknown subcommand '\(name)'")
                }
                Console.line(command.help)
                return 0
            case .positional(let name):
                guard let command = Subcommands.named(name) else {
                    throw UsageError("unknown subcommand '\(name)' (one of \(Subcommands.names))")
                }
                var rest = Arguments(arguments.remaining, usage: command.usage)
                guard let parsed = try command.parse(&rest, connection: &connection) else {
                    Console.line(command.help)
                    return 0
                }
                if connection.socketPath != nil && connection.daemonPath != nil {
                    throw UsageError(
                        "--daemon starts a daemon and --socket connects to one: give one of them",
                        usage: command.usage)
                }
                if connection.socketPath != nil && connection.shared {
                    throw UsageError(
                        "--shared reaches the shared daemon and --socket a given one: give one of them",
                        usage: command.usage)
                }
                return try parsed.run(connection)
            }
        }
        throw UsageError("missing subcommand (one of \(Subcommands.names))")
    } catch let error as UsageError {
        Console.error("Error: \(error.message)\n\(error.usage)")
        return 64
    } catch let failure as Failure {
        Console.error("Error: \(failure.message)")
        for line in failure.details { Console.error(line) }
        return failure.exitCode
    } catch let interrupted as Interrupted {
        return interrupted.exitCode
    } catch {
        Console.error("Error: \(error)")
        return 1
    }
}

/// The hidden `--generate-man` and `--generate-completion <shell>`: documents rendered
/// from the same description as `--help`.
func generatedDocument(_ argv: [String]) -> Int32? {
    do {
        guard
            let document = try GeneratedDocument.requested(
                by: argv, spec: Help.spec, version: Version.number)
        else { return nil }
        Console.out(document)
        return 0
    } catch {
        Console.error("Error: \(error.message)")
        return 64
    }
}

if let code = generatedDocument(Array(CommandLine.arguments.dropFirst())) { exit(code) }
Signals.install()
exit(runTool(Array(CommandLine.arguments.dropFirst())))
