// Fuzz target: the bytes of a durable session's state file, as the daemon reads one when
// it starts (`SessionStateStore.restore`): decoded by `SessionState`, then restored by a
// `SessionHost`.
//
// Input: the file's bytes (the seed corpus holds real state files a daemon wrote).
//
// Checks: no trap; the file name of any decoded name is a safe one (no path, not hidden,
// at most 255 bytes, a state file's name); a restored session's layout/attributes has no
// `null` (a non-finite number); and what the daemon writes for a restored session is a
// fixed point: it decodes, restores in a new host, and is written again byte for byte.

import JSONRPC
import TransitionEngine

enum StateFileFuzz {
    static let now: UInt64 = 1_000_000_000

    static func run(_ data: [UInt8]) {
        let state: SessionState
        do {
            state = try SessionState(decoding: data, maximumDepth: fuzzLimits.maxDepth)
        } catch {
            fuzzLog("refused: \(error)")
            return
        }
        checkFileName(state.name)
        guard let written = restoreAndWrite(state, what: "the input") else { return }
        let again: SessionState
        do {
            again = try SessionState(decoding: written, maximumDepth: fuzzLimits.maxDepth)
        } catch {
            fuzzFailure("the state the daemon wrote is refused: \(error)", written)
        }
        guard again.name == state.name else {
            fuzzFailure("the state written names '\(again.name)', not '\(state.name)'", written)
        }
        guard let rewritten = restoreAndWrite(again, what: "the state written") else {
            fuzzFailure("the state the daemon wrote cannot be restored", written)
        }
        guard rewritten == written else {
            fuzzFailure(
                "the state written changes when restored and written again:\n"
                    + String(decoding: rewritten, as: UTF8.self), written)
        }
    }

    /// Restores `state` in a new host, checks its layout's attributes, and returns the
    /// state file the daemon would write for it (nil when the host refuses it).
    static func restoreAndWrite(_ state: SessionState, what: String) -> [UInt8]? {
        let host = SessionHost(limits: fuzzLimits)
        let id: String
        do {
            id = try host.restore(state, now: now)
        } catch {
            fuzzLog("\(what) not restored: \(error.message)")
            return nil
        }
        guard let session = host.session(named: state.name), session.id == id else {
            fuzzFailure("\(what) was restored as \(id) but is not found by its name")
        }
        // The visible rect, as a client asks after a restart.
        let request = try! LayoutAttributesRequest(json: JSONCursor(["session": .string(id)]))
        do {
            OutputCheck.checkResult(try host.attributes(request), method: "layout/attributes")
        } catch {
            // A viewport holding more than the response limit is refused, as in the daemon.
            fuzzLog("layout/attributes of \(what): \(error.message)")
        }
        let bytes = SessionState.encode(session)
        fuzzLog("\(what) written as: " + String(decoding: bytes, as: UTF8.self))
        return bytes
    }

    /// The file a name is kept in must stay inside the state directory.
    static func checkFileName(_ name: String) {
        let file = SessionStateFile.fileName(for: name)
        let bytes = Array(file.utf8)
        guard SessionStateFile.isStateFile(file), bytes.count <= 255,
            !bytes.contains(UInt8(ascii: "/")), !bytes.contains(0),
            SessionStateFile.fileName(for: name) == file
        else {
            fuzzFailure("session name '\(name)' is kept in the unsafe file name '\(file)'")
        }
    }
}

/// The entry point libFuzzer calls (and the regression runner, for each saved input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    StateFileFuzz.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
