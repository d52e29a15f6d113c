import TransitionService

/// Where the daemon accepts clients from. Each accepted stream becomes a connection
/// with the wire format the daemon chose for this listener.
protocol ClientListener: AnyObject {
    /// Where it listens, for logs.
    var address: String { get }
    var onConnection: ((Stream) -> Void)? { get set }
    /// Whether the kernel names each client's user (a Unix socket does; a TCP client
    /// shows a token instead).
    var namesPeerUser: Bool { get }
    /// The transport its clients come through, whose budget they take.
    var connectionKind: ConnectionKind { get }
    /// Stops accepting (and removes what it created, such as a socket file).
    func close()
    /// Whether a client waits to be accepted (so an idle daemon must not exit now).
    var hasWaitingClient: Bool { get }
}

extension ClientListener {
    var hasWaitingClient: Bool { false }
}
