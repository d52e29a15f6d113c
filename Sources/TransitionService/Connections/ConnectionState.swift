/// Where a connection is in its life: the one place its lifecycle is kept. Whether it
/// reads follows from it (`readsInput`).
package enum ConnectionState: Equatable, Sendable {
    /// Reading its client's messages and handling them as they arrive.
    case reading
    /// Its turn ended with messages left; it reads again when the hub gives it its next.
    case yielding
    /// Its client is behind on its replies: it reads again once the backlog drains.
    case congested
    /// Writing what it still owes (after `exit`, the end of input, shutdown, or the wire's
    /// own end), reading nothing more; then closed, or lingering when `thenLingers`.
    case draining(thenLingers: Bool)
    /// Its last bytes written and its sending side shut: it reads and discards until its
    /// client ends its input (closing with input unread would reset the client).
    case lingering
    case closed

    /// Whether input is read and handled (not discarded).
    package var handlesInput: Bool {
        switch self {
        case .reading, .yielding, .congested: return true
        case .draining, .lingering, .closed: return false
        }
    }

    /// Whether the transport should be reading.
    var readsInput: Bool {
        switch self {
        case .reading, .lingering, .draining(thenLingers: true): return true
        case .yielding, .congested, .draining(thenLingers: false), .closed: return false
        }
    }
}
