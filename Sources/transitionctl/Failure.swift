/// A failure while running a command: `Error: ...` on standard error, exit 1.
struct Failure: Error {
    var message: String
    /// More lines for standard error (such as a JSON-RPC error object).
    var details: [String] = []
    var exitCode: Int32 = 1

    init(_ message: String, details: [String] = [], exitCode: Int32 = 1) {
        self.message = message
        self.details = details
        self.exitCode = exitCode
    }
}
