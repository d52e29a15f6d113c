/// The bytes under one connection: chunks in, writes out (queued by the transport when
/// the peer is slow). The libuv transports are in `Loop/`; tests use a fake one.
package protocol ConnectionTransport: AnyObject {
    /// What it is, for logs (`unix`, `pipe`, `tty`, `file` ...).
    var kind: String { get }
    /// A chunk was read.
    var onBytes: ((UnsafeRawBufferPointer) -> Void)? { get set }
    /// Input ended, once: nil at its end, else the libuv error.
    var onInputEnd: ((Int32?) -> Void)? { get set }
    /// Output failed while input goes on (stdio's separate output), or after input
    /// ended (a socket client that closed after its last request): the libuv or system
    /// error. Before its input ends, a socket's write error ends its input instead.
    var onOutputError: ((Int32) -> Void)? { get set }
    /// Queued bytes were written: the backlog shrank.
    var onWritten: (() -> Void)? { get set }
    func startReading()
    /// Pauses reading (a transport that cannot pause reads on).
    func stopReading()
    /// Writes the arrays one after the other, with one system call when it can,
    /// queueing what cannot be written at once.
    func write(_ chunks: [[UInt8]])
    /// Bytes accepted by `write` and not yet written.
    var queuedBytes: Int { get }
    /// Ends output once what is queued is written (a half close: the peer reads the end
    /// of its input), reading going on. A transport that cannot half-close does nothing.
    func shutdownWriting()
    /// Closes both directions; pending writes are dropped.
    func close()
    /// Describes an error code this transport reported, for the log.
    func describe(error: Int32) -> String
}

extension ConnectionTransport {
    /// Writes `bytes`, queueing what cannot be written at once.
    func write(_ bytes: [UInt8]) { write([bytes]) }
}
