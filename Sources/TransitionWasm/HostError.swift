/// The errors a host reports for a connection, as codes of their own: the host's
/// platform numbers them differently (ECONNRESET is 104 on Linux, 54 on macOS), so the
/// host passes the name's code and the log names it as the native daemon's does.
package enum HostError {
    package static let connectionReset: Int32 = 1
    package static let brokenPipe: Int32 = 2

    /// The log's words for `code`.
    package static func describe(_ code: Int32) -> String {
        switch code {
        case connectionReset: return "connection reset by peer (ECONNRESET)"
        case brokenPipe: return "broken pipe (EPIPE)"
        default: return "host error \(code)"
        }
    }
}
