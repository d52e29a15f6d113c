#if canImport(Glibc)
    import Glibc
#endif

/// The machine's monotonic clock, in seconds.
enum MonotonicClock {
    static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Milliseconds from now until `deadline` for `poll(2)`: -1 for none, at least 0.
    static func pollTimeout(until deadline: Double?) -> Int32 {
        guard let deadline else { return -1 }
        let ms = ((deadline - now) * 1000).rounded(.up)
        return Int32(Swift.max(0, Swift.min(ms, 3_600_000)))
    }
}
