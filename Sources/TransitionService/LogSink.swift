/// Where the service's log lines go: the daemon writes them to standard error or a log
/// file (never to standard output); tests keep them.
package protocol LogSink: AnyObject {
    /// One line, without its end of line; the sink adds its time stamp and process.
    /// It must never block: a sink that cannot write now keeps the line (bounded) or
    /// drops it and counts it.
    func write(_ level: LogLevel, _ message: String)
    /// Whether lines wait that could not be written, or a count of dropped ones.
    var isHoldingLines: Bool { get }
    /// Tries again to write what waits.
    func flush()
}

extension LogSink {
    package var isHoldingLines: Bool { false }
    package func flush() {}
}
