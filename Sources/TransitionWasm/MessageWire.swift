import JSONRPC
import TransitionService

/// A wire whose host delimits messages itself (a page's `postMessage`, a test): each
/// chunk appended is one whole message body, and each outbound body goes out behind its
/// length (4 bytes, little-endian), so the host can split what one write holds. The
/// length's top bit marks a binary message (a binary session's tick), as a WebSocket's
/// binary frame; text is JSON.
package final class MessageWire: WireFormat {
    private var bodies: [[UInt8]] = []
    private var nextBody = 0
    private let maximumBodyLength: Int
    /// Bytes of the bodies handed out so far, for an error's position.
    private var streamOffset = 0

    package init(maximumBodyLength: Int) {
        self.maximumBodyLength = maximumBodyLength
    }

    package func append(_ bytes: UnsafeRawBufferPointer) {
        bodies.append([UInt8](copyingBytes: bytes))
    }

    package func next() -> WireEvent? {
        guard nextBody < bodies.count else {
            bodies.removeAll(keepingCapacity: true)
            nextBody = 0
            return nil
        }
        let body = bodies[nextBody]
        bodies[nextBody] = []
        nextBody += 1
        let offset = streamOffset
        streamOffset += body.count
        // As over a socket, a body over the limit is fatal: answered, then the end.
        if body.count > maximumBodyLength {
            return .error(
                FramingError(
                    .bodyTooLarge(length: String(body.count), limit: maximumBodyLength),
                    streamOffset: offset))
        }
        return .message(body)
    }

    package var bufferedByteCount: Int {
        var count = 0
        for body in bodies[nextBody...] { count += body.count }
        return count
    }

    package func finish() -> String? { nil }

    package func appendHeader(bodyLength length: Int, to output: inout [UInt8]) {
        appendLength(UInt32(truncatingIfNeeded: length), to: &output)
    }

    package var carriesBinary: Bool { true }

    package func appendBinaryHeader(bodyLength length: Int, to output: inout [UInt8]) {
        appendLength(UInt32(truncatingIfNeeded: length) | Self.binaryFlag, to: &output)
    }

    /// Marks a binary message's length; bodies stay far below 2^31 bytes.
    static let binaryFlag: UInt32 = 0x8000_0000

    private func appendLength(_ word: UInt32, to output: inout [UInt8]) {
        output.append(UInt8(truncatingIfNeeded: word))
        output.append(UInt8(truncatingIfNeeded: word >> 8))
        output.append(UInt8(truncatingIfNeeded: word >> 16))
        output.append(UInt8(truncatingIfNeeded: word >> 24))
    }

    package var farewell: [UInt8]? { nil }
}
