/// What changed in a durable session (named and `keepAlive`) since the host last said:
/// the daemon writes or removes its state file.
package enum SessionStateChange {
    /// The session is at rest in a new state (created, updated, scrolled, a transition
    /// ended, cancelled in place): these bytes replace its file.
    case write(name: String, bytes: [UInt8])
    /// The session was disposed: its file goes.
    case remove(name: String)

    /// The name of the session it concerns.
    package var name: String {
        switch self {
        case .write(let name, _), .remove(let name): return name
        }
    }
}
