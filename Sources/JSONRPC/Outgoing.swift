/// What the daemon must do after the `Dispatcher` handled some input.
public enum Outgoing: Equatable, Sendable {
    /// Write this JSON body to the client (frame it with `FrameWriter`).
    case send([UInt8])
    /// Close this connection after writing what came before (a fatal framing error).
    case close(FramingError)
    /// End the process with this exit code (after `exit`, or end of input).
    case exit(code: Int32)
    /// A note for the daemon's log (stderr), never for the client: a dropped
    /// notification, a response to no request, a framing problem.
    case diagnostic(String)
}
