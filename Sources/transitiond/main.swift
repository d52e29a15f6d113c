import TransitionServer

#if canImport(Glibc)
    import Glibc
#endif

/// Writes `text` to a file descriptor: 2 for errors; 1 only for --help and --version,
/// which answer before (and instead of) any protocol.
func writeAll(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if n <= 0 { return }
        offset += n
    }
}

do {
    switch try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        writeAll(CommandLineOptions.help + "\n", to: 1)
    case .version:
        writeAll("\(ServerInfo.name) \(ServerInfo.version)\n", to: 1)
    case .serve(let options):
        exit(Daemon.run(options))
    }
} catch {
    // The only error the command line throws is a usage error.
    writeAll("Error: \(error.message)\n\(CommandLineOptions.usage)\n", to: 2)
    exit(64)
}
