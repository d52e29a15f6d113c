/// The transport a connection came through. Each socket transport has a budget of its
/// own, so clients of one can never take the places of the other's.
package enum ConnectionKind: Equatable, Sendable {
    /// The daemon's only client, on standard input and output: its end is the daemon's.
    case stdio
    /// A client of the Unix socket: the kernel vouched for its user.
    case unixSocket
    /// A client of the TCP port (`--ws`): it must show the token in a request.
    case web
}
