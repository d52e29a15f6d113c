import Foundation
import Testing

@testable import TransitionForwarder

#if canImport(Glibc)
    import Glibc
#endif

/// The forwarder's pump over real descriptors: a pipe for the client's input, one for
/// its output, a socket pair for the daemon. Bytes cross unchanged both ways, in any
/// chunking, and each way of ending is told apart.
@Suite struct BytePumpTests {
    /// The descriptors of one pump: the test's ends and the pump's.
    final class Rig: @unchecked Sendable {
        var clientIn: [Int32] = [-1, -1]  // test writes [1]; the pump reads [0]
        var clientOut: [Int32] = [-1, -1]  // the pump writes [1]; the test reads [0]
        var daemon: [Int32] = [-1, -1]  // the pump uses [0]; the test plays the daemon on [1]
        private let done = DispatchSemaphore(value: 0)
        private(set) var ending: BytePump.Ending?
        private(set) var unanswered = UnansweredBytes()

        init() {
            precondition(pipe(&clientIn) == 0 && pipe(&clientOut) == 0)
            precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &daemon) == 0)
            DispatchQueue.global().async { [self] in
                ending = BytePump.run(
                    input: clientIn[0], output: clientOut[1], socket: daemon[0],
                    unanswered: &unanswered)
                done.signal()
            }
        }

        /// Waits (up to a generous minute) for the pump to return.
        func finish() -> BytePump.Ending? {
            guard done.wait(timeout: .now() + 60) == .success else { return nil }
            return ending
        }

        func closeAll() {
            for fd in clientIn + clientOut + daemon { close(fd) }
        }
    }

    static func write(_ bytes: [UInt8], to fd: Int32) {
        #expect(BytePump.writeAll(bytes[...], to: fd))
    }

    /// Reads exactly `count` bytes (blocking).
    static func read(_ count: Int, from fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while result.count < count {
            let n = Glibc.read(fd, &buffer, min(buffer.count, count - result.count))
            if n <= 0 { break }
            result += buffer[0..<n]
        }
        return result
    }

    @Test func bytesCrossUnchangedBothWaysInAnyChunking() {
        let rig = Rig()
        defer { rig.closeAll() }
        // Not framed, not text: the pump must not care.
        let request = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let reply = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 17 &+ 3) }
        DispatchQueue.global().async {
            for start in stride(from: 0, to: request.count, by: 7_001) {
                Self.write(
                    Array(request[start..<min(start + 7_001, request.count)]), to: rig.clientIn[1])
            }
        }
        #expect(Self.read(request.count, from: rig.daemon[1]) == request)
        DispatchQueue.global().async { Self.write(reply, to: rig.daemon[1]) }
        #expect(Self.read(reply.count, from: rig.clientOut[0]) == reply)
        // The client's input ends: the daemon reads its end, answers, then closes.
        close(rig.clientIn[1])
        rig.clientIn[1] = -1
        var byte: UInt8 = 0
        #expect(Glibc.read(rig.daemon[1], &byte, 1) == 0)
        Self.write(Array("last words".utf8), to: rig.daemon[1])
        shutdown(rig.daemon[1], Int32(SHUT_RDWR))
        #expect(Self.read(10, from: rig.clientOut[0]) == Array("last words".utf8))
        #expect(rig.finish() == .clientClosed)
        // The daemon answered: nothing is kept to tell another one.
        #expect(!rig.unanswered.isComplete && rig.unanswered.bytes.isEmpty)
    }

    @Test func unansweredBytesStopBeingKeptPastTheLimit() {
        var unanswered = UnansweredBytes()
        unanswered.sent([1, 2, 3][...])
        #expect(unanswered.isComplete && unanswered.bytes == [1, 2, 3])
        unanswered.sent(ArraySlice(repeating: 0, count: UnansweredBytes.limit))
        #expect(!unanswered.isComplete && unanswered.bytes.isEmpty)
        unanswered.sent([4][...])
        #expect(unanswered.bytes.isEmpty)
    }

    @Test func theDaemonClosingFirstIsReported() {
        let rig = Rig()
        defer { rig.closeAll() }
        Self.write(Array("Content-Length: 2\r\n\r\n{}".utf8), to: rig.clientIn[1])
        #expect(Self.read(23, from: rig.daemon[1]) == Array("Content-Length: 2\r\n\r\n{}".utf8))
        shutdown(rig.daemon[1], Int32(SHUT_RDWR))
        #expect(rig.finish() == .daemonClosed)
        // Nothing came back: what the client said is kept for the next daemon.
        #expect(rig.unanswered.isComplete)
        #expect(rig.unanswered.bytes == Array("Content-Length: 2\r\n\r\n{}".utf8))
    }

    @Test func aClientThatStoppedReadingIsReportedWhenItsOutputCloses() {
        let rig = Rig()
        defer { rig.closeAll() }
        signal(SIGPIPE, SIG_IGN)
        close(rig.clientOut[0])
        rig.clientOut[0] = -1
        Self.write([1, 2, 3], to: rig.daemon[1])
        #expect(rig.finish() == .clientOutputFailed)
    }
}
