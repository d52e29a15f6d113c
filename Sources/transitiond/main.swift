import CommandLineSpec
import TransitionDaemon
import TransitionForwarder
import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// Writes `text` to a file descriptor: 2 for errors; 1 only for --help, --version and
/// the generated documents, which answer before (and instead of) any protocol.
func writeAll(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes {
            write(fd, $0.baseAddress! + offset, $0.count - offset)
        }
        if n <= 0 { return }
        offset += n
    }
}

// Hidden: the man page and the completions, rendered from the same description as --help.
do {
    if let document = try GeneratedDocument.requested(
        by: Array(CommandLine.arguments.dropFirst()), spec: CommandLineOptions.spec,
        version: ServerInfo.version)
    {
        writeAll(document, to: 1)
        exit(0)
    }
} catch {
    writeAll("Error: \(error.message)\n", to: 2)
    exit(64)
}

do {
    switch try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        writeAll(CommandLineOptions.spec.helpText + "\n", to: 1)
    case .version:
        // A second line only in the portable build (Sources/TransitionDaemon/Platform.swift).
        let note = BuildPlatform.versionNote.map { "\($0)\n" } ?? ""
        writeAll("\(ServerInfo.name) \(ServerInfo.version)\n\(note)", to: 1)
    case .serve(let options):
        exit(Daemon.run(options))
    case .forward(let options):
        exit(Forwarder.run(options))
    case .mcp(let options):
        exit(MCPStdio.run(options))
    }
} catch {
    // The only error the command line throws is a usage error.
    writeAll("Error: \(error.message)\n\(CommandLineOptions.usage)\n", to: 2)
    exit(64)
}
