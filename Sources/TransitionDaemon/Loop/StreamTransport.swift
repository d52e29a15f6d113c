import TransitionService

/// One stream both ways: a socket client.
final class StreamTransport: ConnectionTransport {
    private let stream: Stream

    init(_ stream: Stream) {
        self.stream = stream
    }

    var kind: String { stream.kind }
    var onBytes: ((UnsafeRawBufferPointer) -> Void)? {
        get { stream.onBytes }
        set { stream.onBytes = newValue }
    }
    /// A write error ends reading too, so it arrives here.
    var onInputEnd: ((Int32?) -> Void)? {
        get { stream.onEnd }
        set { stream.onEnd = newValue }
    }
    /// A write error after the end of input (the client closed after its last request).
    var onOutputError: ((Int32) -> Void)? {
        get { stream.onWriteFailed }
        set { stream.onWriteFailed = newValue }
    }
    var onWritten: (() -> Void)? {
        get { stream.onWriteCompleted }
        set { stream.onWriteCompleted = newValue }
    }
    func startReading() { stream.startReading() }
    func stopReading() { stream.stopReading() }
    func write(_ chunks: [[UInt8]]) { stream.write(chunks) }
    var queuedBytes: Int { stream.queuedBytes }
    func shutdownWriting() { stream.shutdownWriting() }
    func describe(error: Int32) -> String { UVError.describe(error) }
    func close() { stream.close() }
}
