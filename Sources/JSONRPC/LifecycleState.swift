/// Where a connection is in the LSP lifecycle.
///
/// `uninitialized` -> (`initialize` succeeds) -> `initialized` -> (`shutdown`) ->
/// `shutDown` -> (`exit`) -> `exited`. `exit` may come at any time; end of input
/// counts as `exit`.
public enum LifecycleState: Equatable, Sendable {
    /// Before a successful `initialize`: requests get -32002, notifications other
    /// than `exit` are dropped.
    case uninitialized
    /// Serving requests.
    case initialized
    /// After `shutdown`: requests get -32600; waiting for `exit`.
    case shutDown
    /// After `exit`: nothing more is handled.
    case exited
}
