/// A command-line mistake: `Error: ...` and the usage line on standard error, exit 64.
struct UsageError: Error {
    var message: String
    /// The usage line of the command that was being parsed.
    var usage: String

    init(_ message: String, usage: String = Help.usage) {
        self.message = message
        self.usage = usage
    }
}
