import JSONRPC

/// The LSP base protocol: `Content-Length: N\r\n\r\n` then N bytes, both ways.
package final class LSPFraming: WireFormat {
    private var reader: FrameReader

    package init(
        maximumBodyLength: Int = FrameReader.defaultMaximumBodyLength,
        maximumHeaderLength: Int = FrameReader.defaultMaximumHeaderLength
    ) {
        reader = FrameReader(
            maximumBodyLength: maximumBodyLength, maximumHeaderLength: maximumHeaderLength)
    }

    package func append(_ bytes: UnsafeRawBufferPointer) { reader.append(bytes) }

    package func next() -> WireEvent? {
        switch reader.next() {
        case .message(let body)?: return .message(body)
        case .error(let error)?: return .error(error)
        case nil: return nil
        }
    }

    package func reuse(_ body: consuming [UInt8]) { reader.reuse(body) }

    package var bufferedByteCount: Int { reader.bufferedByteCount }

    package func finish() -> String? { reader.finish()?.description }

    package func appendHeader(bodyLength length: Int, to output: inout [UInt8]) {
        FrameWriter.appendHeader(bodyLength: length, to: &output)
    }

    package var farewell: [UInt8]? { nil }
}
