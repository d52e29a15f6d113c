/// What a connection's dispatcher does with a params member that the method's params type
/// never reads (a misspelt `"interactiv"`, or a member of a newer protocol).
public enum UnknownMembers: String, CaseIterable, Sendable {
    /// Answered with -32602 naming the member and the nearest known name (the default).
    case refused = "refuse"
    /// Left out, as LSP does with what it does not know: for a client that sends members
    /// of a newer protocol to an older server.
    case ignored = "ignore"
}
