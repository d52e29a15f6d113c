import JSONRPC
import TransitionProtocol

/// The params of one tick, encoded at most once: the `clock/advance` reply repeats the
/// bytes its readers got.
final class TickParams: JSONEncodable {
    let payload: TickPayload
    /// Whether a second writer will ask for the bytes (then the first keeps a copy).
    private let reused: Bool
    private var encoded: [UInt8]?

    init(_ payload: TickPayload, reused: Bool) {
        self.payload = payload
        self.reused = reused
    }

    func encode(to w: inout JSONByteWriter) {
        if let encoded {
            w.writeRaw(encoded)
            return
        }
        guard reused else {
            payload.encode(to: &w)
            return
        }
        let bytes = JSONByteWriter.bytes(capacity: payload.expectedByteCount) {
            payload.encode(to: &$0)
        }
        encoded = bytes
        w.writeRaw(bytes)
    }
}
