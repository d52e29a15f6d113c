import TransitionServer

#if canImport(Glibc)
    import Glibc
#endif

/// Writes to standard error (file descriptor 2), which is never the protocol stream.
func writeStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
        if n <= 0 { return }
        offset += n
    }
}

do {
    switch try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        print(CommandLineOptions.help)
    case .version:
        print("\(ServerInfo.name) \(ServerInfo.version)")
    case .serve(let options):
        exit(Daemon.run(options))
    }
} catch {
    // The only error the command line throws is a usage error.
    writeStandardError("Error: \(error.message)\n\(CommandLineOptions.usage)\n")
    exit(64)
}
