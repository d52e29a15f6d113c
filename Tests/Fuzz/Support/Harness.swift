// Shared by the fuzz targets: the limits, the verbose log and the failure report. The byte
// source (FuzzBytes), the router that keeps what the session host sends (RecordingRouter)
// and the checks every output must pass (OutputCheck) are beside this file.
//
// These files are compiled as one module with the server's I/O-free sources
// (Params, Methods, Sessions, Encoding), so the server's internal types are visible.

import JSONRPC
import TransitionEngine

#if canImport(Glibc)
    import Glibc
#endif

/// `FUZZ_VERBOSE=1`: the targets print what they call and what came back (to stderr), to
/// read what a saved input does.
let fuzzVerbose = getenv("FUZZ_VERBOSE") != nil

func fuzzLog(_ text: @autoclosure () -> String) {
    if fuzzVerbose { fputs(text() + "\n", stderr) }
}

/// The session host's limits: the daemon's defaults, except that `FUZZ_MAX_ITEMS` (set
/// by scripts/fuzz.sh) lowers the items per session, so that no single input spends
/// seconds laying out millions of items. The regression runner uses the real limits.
let fuzzLimits: ServiceLimits = {
    var limits = ServiceLimits()
    if let text = getenv("FUZZ_MAX_ITEMS"), let n = Int(String(cString: text)), n > 0 {
        limits.maxItemsPerSession = n
    }
    return limits
}()

/// Stops the run with a message; libFuzzer (or the regression runner) reports the input.
func fuzzFailure(_ message: String, _ context: [UInt8] = []) -> Never {
    var text = "FUZZ INVARIANT VIOLATED: \(message)"
    if !context.isEmpty {
        let shown = context.prefix(2000)
        text += "\n--- output ---\n" + String(decoding: shown, as: UTF8.self)
        if context.count > shown.count { text += "\n... (\(context.count) bytes)" }
    }
    fatalError(text)
}
