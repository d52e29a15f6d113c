#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic nanoseconds.
func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Median of repeated timings of `body`, in nanoseconds.
func medianNanoseconds(runs: Int = 5, _ body: () -> Void) -> Double {
    var samples: [UInt64] = []
    for _ in 0..<runs {
        let t0 = nowNanoseconds()
        body()
        samples.append(nowNanoseconds() - t0)
    }
    samples.sort()
    return Double(samples[samples.count / 2])
}

/// Resident set size of this process in bytes, from /proc/self/statm.
func residentBytes() -> Double {
    guard let f = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(f) }
    var buffer = [CChar](repeating: 0, count: 256)
    guard fgets(&buffer, 256, f) != nil else { return 0 }
    let text = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let fields = text.split(separator: " ")
    guard fields.count >= 2, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
}

/// The value at fraction `p` (0...1) of `sorted` (nearest rank); NaN when empty.
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(sorted.count - 1, max(0, rank))]
}

/// The median of `values` that are numbers; NaN when there are none.
func median(_ values: [Double]) -> Double {
    let sorted = values.filter { !$0.isNaN }.sorted()
    guard !sorted.isEmpty else { return .nan }
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
