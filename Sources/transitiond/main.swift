import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

// transitiond's command line. The daemon itself comes with the TransitionServer module;
// until then this executable runs the engine demo.

let version = "0.1.0"
let usage = "USAGE: transitiond --demo [--frames N]"

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

func fail(_ message: String) -> Never {
    writeStandardError("Error: \(message)\n\(usage)\n")
    exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var demo = false
var frames = 5
while !arguments.isEmpty {
    let arg = arguments.removeFirst()
    switch arg {
    case "--demo": demo = true
    case "--frames":
        guard let value = arguments.first.flatMap({ Int($0) }), value >= 2, value <= 1000 else {
            fail("--frames takes a whole number from 2 to 1000")
        }
        arguments.removeFirst()
        frames = value
    case "-h", "--help":
        print("""
            OVERVIEW: transitiond — animated layout transitions as a service.

            \(usage)

            OPTIONS:
              --demo          Play the list -> grid engine demo in the terminal.
              --frames N      Moments of the transition to draw (default 5).
              -h, --help      Show help information.
              --version       Show the version.
            """)
        exit(0)
    case "--version":
        print("transitiond \(version)")
        exit(0)
    default:
        fail("unknown option '\(arg)'")
    }
}
guard demo else { fail("the daemon is not available in this build; use --demo") }
do {
    try Demo.run(frames: frames) { print($0) }
} catch {
    fail("\(error)")
}
