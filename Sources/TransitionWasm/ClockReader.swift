/// The time as of the host's last call, read by the hub and its connections.
final class ClockReader {
    var nanoseconds: UInt64 = 0
}
