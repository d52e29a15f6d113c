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

/// Whether, and how, a connection's input ended.
enum InputEnd: Equatable {
    case notYet
    /// It ended behind messages not handled yet: the end is handled after them.
    case pending(error: Int32?)
    /// Handled; `failed` when it ended with an error (a reset: nothing can reach the
    /// client any more).
    case ended(failed: Bool)
}
