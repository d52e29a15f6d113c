import TransitionService

// The module's C interface, which the WebAssembly build exports (`transitiond-wasm.js`
// calls it). Times are the host's monotonic milliseconds (`performance.now()`); ids are
// the connections' ids. After each call the host reads the outbox, then clears it.

/// Set by the options, then made by the first `transitiond_open`.
nonisolated(unsafe) private var daemon: HostedDaemon?
nonisolated(unsafe) private var configuredLimits = ServiceLimits()
nonisolated(unsafe) private var configuredLevel = LogLevel.info
nonisolated(unsafe) private var configuredInitializeTimeout = HostedDaemon.defaultInitializeTimeout

private func nanoseconds(_ milliseconds: Double) -> UInt64 {
    guard milliseconds.isFinite, milliseconds > 0 else { return 0 }
    return UInt64(milliseconds * 1_000_000)
}

private func started() -> HostedDaemon {
    if let daemon { return daemon }
    let made = HostedDaemon(
        limits: configuredLimits, logLevel: configuredLevel,
        initializeTimeout: configuredInitializeTimeout)
    daemon = made
    return made
}

/// Memory for the host to write input into.
@_cdecl("transitiond_alloc")
func transitiondAlloc(_ byteCount: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: max(Int(byteCount), 1), alignment: 8)
}

@_cdecl("transitiond_free")
func transitiondFree(_ pointer: UnsafeMutableRawPointer) {
    pointer.deallocate()
}

/// Sets a command-line option before the first connection: a `--max-*` limit,
/// `--log-level` (0 error, 1 warning, 2 info, 3 debug) or `--initialize-timeout`
/// (milliseconds). 0: set; 1: unknown option; 2: out of its range; 3: too late (a
/// connection is open).
@_cdecl("transitiond_set_option")
func transitiondSetOption(_ name: UnsafeRawPointer, _ nameLength: Int32, _ value: Int64) -> Int32 {
    guard daemon == nil else { return 3 }
    let flag = String(
        decoding: UnsafeRawBufferPointer(start: name, count: Int(nameLength)), as: UTF8.self)
    if flag == "--log-level" {
        guard value >= 0, value < Int64(LogLevel.allCases.count) else { return 2 }
        configuredLevel = LogLevel.allCases[Int(value)]
        return 0
    }
    if flag == "--initialize-timeout" {
        guard value > 0, value <= Int64(UInt32.max) else { return 2 }
        configuredInitializeTimeout = UInt64(value) * 1_000_000
        return 0
    }
    guard let option = ServiceLimits.option(flag) else { return 1 }
    guard value >= Int64(option.range.lowerBound), value <= Int64(option.range.upperBound) else {
        return 2
    }
    option.set(Int(value), in: &configuredLimits)
    return 0
}

/// Opens a connection (`framing`: 0 `Content-Length`, 1 one message per call; `flags`:
/// 1 for the daemon's only client, whose end ends it, plus 2 when the host reports its
/// unsent bytes with `transitiond_written`). -1: refused (`--max-connections`).
@_cdecl("transitiond_open")
func transitiondOpen(_ framing: Int32, _ flags: Int32, _ now: Double) -> Int32 {
    let framing = HostedDaemon.Framing(rawValue: framing) ?? .lsp
    // Named as the native daemon names its transports in the log: the Node host's
    // socket clients are a Unix socket's (or, on Windows, a named pipe's).
    let kind = flags & 1 != 0 ? "stdio" : framing == .lsp ? "unix" : "page"
    return started().open(
        framing: framing, kind: kind,
        isSoleClient: flags & 1 != 0, hostQueues: flags & 2 != 0, now: nanoseconds(now)) ?? -1
}

/// Connection `id`'s bytes were sent but for `remaining`, which the host still holds.
@_cdecl("transitiond_written")
func transitiondWritten(_ id: Int32, _ remaining: Int32, _ now: Double) {
    started().written(on: Int(id), remaining: Int(remaining), now: nanoseconds(now))
}

/// Bytes read from connection `id` (one whole message with framing 1).
@_cdecl("transitiond_receive")
func transitiondReceive(_ id: Int32, _ bytes: UnsafeRawPointer, _ length: Int32, _ now: Double) {
    started().receive(
        UnsafeRawBufferPointer(start: bytes, count: Int(length)), on: Int(id), now: nanoseconds(now)
    )
}

/// Connection `id`'s input ended: `error` 0 at its end, else a `HostError` code (1: it
/// was reset).
@_cdecl("transitiond_end")
func transitiondEnd(_ id: Int32, _ error: Int32, _ now: Double) {
    started().receiveEnd(on: Int(id), error: error == 0 ? nil : error, now: nanoseconds(now))
}

/// Writing to connection `id` failed with a `HostError` code (2: a broken pipe).
@_cdecl("transitiond_output_failed")
func transitiondOutputFailed(_ id: Int32, _ error: Int32, _ now: Double) {
    started().outputFailed(on: Int(id), error: error, now: nanoseconds(now))
}

/// The deadline `transitiond_deadline` gave has come.
@_cdecl("transitiond_timer")
func transitiondTimer(_ now: Double) {
    started().timerFired(now: nanoseconds(now))
}

/// The host's next event-loop iteration, when `transitiond_wants_turns` said 1.
@_cdecl("transitiond_turns")
func transitiondTurns(_ now: Double) {
    started().giveTurns(now: nanoseconds(now))
}

/// A process the outbox asked to watch is gone.
@_cdecl("transitiond_process_ended")
func transitiondProcessEnded(_ pid: Int32, _ now: Double) {
    started().processEnded(pid, now: nanoseconds(now))
}

/// Stops (a signal): connections write what they owe, then the outbox says exit.
@_cdecl("transitiond_stop")
func transitiondStop(_ code: Int32, _ now: Double) {
    started().stop(code: code, now: nanoseconds(now))
}

/// When to call `transitiond_timer`, in the host's milliseconds; -1: no deadline.
@_cdecl("transitiond_deadline")
func transitiondDeadline() -> Double {
    guard let deadline = daemon?.nextDeadline else { return -1 }
    return Double(deadline) / 1_000_000
}

/// 1 when connections wait for a turn.
@_cdecl("transitiond_wants_turns")
func transitiondWantsTurns() -> Int32 {
    (daemon?.wantsTurns ?? false) ? 1 : 0
}

/// The outbox's bytes (records, see `Outbox`), valid until the next call.
@_cdecl("transitiond_outbox")
func transitiondOutbox() -> UnsafeRawPointer? {
    daemon?.outboxRef.value.start
}

@_cdecl("transitiond_outbox_length")
func transitiondOutboxLength() -> Int32 {
    Int32(truncatingIfNeeded: daemon?.outboxRef.value.count ?? 0)
}

@_cdecl("transitiond_outbox_clear")
func transitiondOutboxClear() {
    daemon?.outboxRef.value.clear()
}
