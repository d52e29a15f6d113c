import TransitionService

#if canImport(Glibc)
    import Glibc
#endif

/// Standard input and a private copy of standard output, each a stream when libuv can
/// poll it, else a file read with `uv_fs_read` or written with blocking writes.
final class StdioTransport: ConnectionTransport {
    enum Input {
        case stream(Stream)
        case file(FileInput)
    }

    enum Output {
        case stream(Stream)
        case blocking(BlockingOutput)
    }

    private let input: Input
    private let output: Output
    var onBytes: ((UnsafeRawBufferPointer) -> Void)? {
        didSet {
            switch input {
            case .stream(let s): s.onBytes = onBytes
            case .file(let f): f.onBytes = onBytes
            }
        }
    }
    var onInputEnd: ((Int32?) -> Void)? {
        didSet {
            switch input {
            case .stream(let s): s.onEnd = onInputEnd
            case .file(let f): f.onEnd = onInputEnd
            }
        }
    }
    var onOutputError: ((Int32) -> Void)?
    var onWritten: (() -> Void)?

    init(input: Input, output: Output) {
        self.input = input
        self.output = output
        if case .stream(let out) = output {
            out.onWriteCompleted = { [unowned self] in self.onWritten?() }
            out.onEnd = { [unowned self] error in if let error { self.onOutputError?(error) } }
        }
    }

    var kind: String { "input \(input.kind), output \(output.kind)" }

    func startReading() {
        switch input {
        case .stream(let s): s.startReading()
        case .file(let f): f.startReading()
        }
    }

    func stopReading() {
        if case .stream(let s) = input { s.stopReading() }
    }

    func write(_ chunks: [[UInt8]]) {
        switch output {
        case .stream(let s): s.write(chunks)
        case .blocking(let b):
            for chunk in chunks where !b.write(chunk) {
                onOutputError?(-errno)
                return
            }
        }
    }

    var queuedBytes: Int {
        if case .stream(let s) = output { return s.queuedBytes }
        return 0
    }

    func describe(error: Int32) -> String { UVError.describe(error) }

    /// Standard output is the process's own: it stays open until the daemon exits.
    func shutdownWriting() {}

    func close() {
        switch input {
        case .stream(let s): s.close()
        case .file(let f): f.stop()
        }
        if case .stream(let out) = output { out.close() }
    }
}

extension StdioTransport.Input {
    var kind: String {
        switch self {
        case .stream(let s): return s.kind
        case .file: return "file"
        }
    }
}

extension StdioTransport.Output {
    var kind: String {
        switch self {
        case .stream(let s): return s.kind
        case .blocking: return "file"
        }
    }
}
