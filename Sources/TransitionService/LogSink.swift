/// Where the service's log lines go: the daemon writes them to standard error or a log
/// file (never to standard output); tests keep them.
package protocol LogSink: AnyObject {
    /// One line, without its end of line; the sink adds its time stamp and process.
    func write(_ level: LogLevel, _ message: String)
}
