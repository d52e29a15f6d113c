import JSONRPC
import TransitionProtocol

/// A notification a session sends on its own, and who hears it. The host builds it; the
/// daemon encodes it once and hands the body to each connection of the audience.
struct Emission {
    enum Payload {
        /// `transition/tick`: a connection keeps only the newest unsent one per session.
        case tick(TickParams)
        /// `transition/didEnd`: never dropped; it closes the session's coalescing window.
        case didEnd(TransitionDidEnd)
    }

    var session: String
    var payload: Payload
    var audience: [ConnectionID]

    var method: String {
        switch payload {
        case .tick: return TransitionTick.method.rawValue
        case .didEnd: return TransitionDidEnd.method.rawValue
        }
    }

    /// The frame that carries it: a binary session's ticks go in binary frames.
    var frame: MessageFrame {
        guard case .tick(let tick) = payload, tick.payload.format.encoding == .binary else {
            return .text
        }
        return .binary
    }

    /// The notification's JSON text, or a binary session's tick frame (Protocol 8.3).
    func body() -> [UInt8] {
        if frame == .binary, case .tick(let tick) = payload {
            return BinaryTickWriter.bytes(tick.payload)
        }
        switch payload {
        case .tick(let tick):
            // Written in the array that is sent: a tick is tens of kilobytes.
            return JSONByteWriter.bytes(capacity: 64 + tick.payload.expectedByteCount) {
                $0.writeNotification(method: method, params: tick)
            }
        case .didEnd(let end):
            var w = JSONByteWriter(capacity: 256)
            w.writeNotification(method: method, params: end)
            return w.bytes
        }
    }
}
