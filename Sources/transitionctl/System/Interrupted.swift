import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A wait was cut short by SIGINT, SIGTERM or SIGHUP.
struct Interrupted: Error {
    var signal: Int32
    /// The conventional exit status: 128 + the signal number.
    var exitCode: Int32 { 128 + signal }
}
