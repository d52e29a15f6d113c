import Synchronization

/// Standard output and standard error, unbuffered at the Swift level: each call is one
/// or more `write(2)`s, so lines reach a pipe as soon as they are printed.
enum Console {
    /// Set once standard output has been closed by its reader.
    private static let stdoutBroken = Atomic<Bool>(false)

    /// Whether a write to standard output failed (its reader went away).
    static var isOutputClosed: Bool { stdoutBroken.load(ordering: .relaxed) }

    /// Writes `text` to standard output as is.
    static func out(_ text: String) {
        guard !isOutputClosed else { return }
        if !FileDescriptor.writeAll(1, Array(text.utf8)) {
            stdoutBroken.store(true, ordering: .relaxed)
        }
    }

    /// Writes `text` and a newline to standard output.
    static func line(_ text: String) { out(text + "\n") }

    /// Writes `text` and a newline to standard error.
    static func error(_ text: String) {
        FileDescriptor.writeAll(2, Array((text + "\n").utf8))
    }
}
