/// A command-line mistake: printed as `Error: ...` with the usage, exit 64.
struct UsageError: Error {
    var message: String
}
