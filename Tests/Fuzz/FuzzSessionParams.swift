// Fuzz target: `session/create` and `transition/start` params (and the other session
// methods' params) built from the fuzzer's bytes, decoded by the server's request types
// and run through a SessionHost on a manual clock, so the engine's geometry, timing and
// interpolation see edge values.
//
// Input, two forms:
//   - a JSON text starting with `{`: {"create": <session/create params>,
//     "start": <transition/start params>, "steps": [[<method>, <params>], ...]} (seeds
//     come from Protocol/examples; "steps" is optional, the session id is filled in);
//   - anything else: a structured builder reads the bytes as choices (layout types,
//     members present or absent, numbers from a table of edge values) and writes the
//     params as JSON text, which the real parser reads back.
// Then: create, start, a fuzzer-chosen series of methods (advance, sample, scrub,
// finish, cancel, cancelInPlace, retarget, update, scroll, start again ...), and a
// fixed tail: advance a few frames, sample at progresses including the extremes,
// cancelInPlace, start again, advance to the end.
//
// Checks: no trap; every tick's numbers are finite (checked on the values and on the
// encoded bytes: the writer turns a non-finite double into `null`); no `null` in any
// result or didEnd outside the compact encoding's id/values columns.

import JSONRPC
import TransitionEngine

enum SessionParamsFuzz {
    static func run(_ data: [UInt8]) {
        let run = SessionRun()
        if data.first == UInt8(ascii: "{") {
            // JSON form: {"create": {...}, "start": {...}, "steps": [[method, params], ...]}.
            guard let value = run.parse(String(decoding: data, as: UTF8.self)),
                let create = value["create"], run.create(create)
            else { return }
            let start = value["start"]
            if let start { run.start(start) }
            for step in value["steps"]?.arrayValue ?? [] {
                guard let pair = step.arrayValue, let method = pair.first?.stringValue else {
                    continue
                }
                run.perform(method, pair.count > 1 ? pair[1] : nil)
            }
            run.tail(start: start)
            return
        }
        var b = ParamsBuilder(bytes: FuzzBytes(data))
        guard let create = run.parse(b.create().text), run.create(create) else { return }
        let start = run.parse(b.start(session: run.session).text)
        if let start { run.start(start) }
        var steps = 0
        while !b.bytes.isExhausted && steps < 24 {
            run.step(&b)
            steps += 1
        }
        run.tail(start: start)
    }
}

/// The entry point libFuzzer calls (and the regression runner, for each saved input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    SessionParamsFuzz.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
