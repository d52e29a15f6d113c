/// How long a closing connection waits for its client, and what the log says when the
/// wait runs out: one rule for every shell that bounds the waits (the libuv daemon, the
/// WebAssembly host).
package enum LeavingBound {
    /// A `draining` connection's wait for its client to read its last answers (after
    /// `exit`, the wire's own end, or while the daemon stops).
    package static let drainMilliseconds: UInt64 = 5000
    /// A `lingering` connection's wait for its client's end of input after its last
    /// bytes were written (RFC 6455 7.1.1 leaves it to the server).
    package static let lingerMilliseconds: UInt64 = 2000

    /// The log's line when `c`'s wait ran out and it is closed.
    package static func expired(_ c: Connection) -> String {
        c.state == .lingering
            ? "connection \(c.id) did not end its input after its close: closing"
            : "connection \(c.id) did not read its last answers: closing"
    }
}
