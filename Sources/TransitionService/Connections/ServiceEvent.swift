import JSONRPC

/// What the hub tells the daemon, once the call that caused it has finished its work
/// (never in the middle of it): the daemon owns the timers, the process watch and the
/// process's life.
package enum ServiceEvent {
    /// A client's `initialize` succeeded (the daemon watches its process).
    case initialized(ConnectionID, InitializeRequest)
    /// A connection writes what it owes before it closes: its wait is bounded (5 s).
    case draining(Connection)
    /// A connection's last reply is written and it waits for its client's end of input:
    /// its wait is bounded (2 s).
    case lingering(Connection)
    /// A connection closed; its sessions have ended and their readers were told.
    case closed(Connection)
    /// The daemon's only client (stdio) ended the exchange: `exit` (its code), a fatal
    /// framing error or a failed output (1). The daemon stops.
    case stop(code: Int32)
    /// A large message was handled: the memory it took can go back to the system.
    case largeMessageHandled
}
