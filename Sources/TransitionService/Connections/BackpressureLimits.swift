/// Tuning of a connection's backpressure.
package struct BackpressureLimits: Sendable {
    /// Above this many unwritten bytes in the transport, ticks wait (and coalesce) in the
    /// queue and reading pauses: 4 MiB is about half a second of a 120 fps stream of
    /// 200-item ticks, so a client that reads but hiccups loses nothing.
    package var highWater = 4 << 20
    /// A connection whose unwritten bytes pass this is closed.
    package var hardCap = 64 << 20

    package init(highWater: Int = 4 << 20, hardCap: Int = 64 << 20) {
        self.highWater = Swift.min(highWater, hardCap / 2)
        self.hardCap = hardCap
    }
}
