import Foundation
import Testing

@testable import TransitionServer

#if canImport(Glibc)
    import Glibc
#endif

/// `UnixSocketConnector.answers`, which tells a forwarder whether its daemon still runs
/// after the connection closed: only a reply counts, not a connection that a dying
/// daemon's listening socket still took into its backlog.
@Suite struct UnixSocketConnectorTests {
    /// A listening socket at a fresh path, played by the test.
    final class Listener: @unchecked Sendable {
        let path: String
        private(set) var fd: Int32

        init() {
            path =
                NSTemporaryDirectory() + "connector-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            precondition(bound == 0 && listen(fd, 4) == 0)
        }

        /// Waits (up to a generous minute) until a connection waits to be accepted.
        func waitForAConnection() -> Bool {
            var pending = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&pending, 1, 60_000) == 1
        }

        func close() {
            if fd >= 0 { _ = Glibc.close(fd) }
            fd = -1
        }

        deinit {
            close()
            unlink(path)
        }
    }

    /// Runs `answers` on another thread, so the test can play the daemon meanwhile.
    final class Probe: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var answered: Bool?

        init(_ path: String) {
            DispatchQueue.global().async { [self] in
                answered = UnixSocketConnector.answers(path)
                done.signal()
            }
        }

        func result() -> Bool? {
            guard done.wait(timeout: .now() + 60) == .success else { return nil }
            return answered
        }
    }

    @Test func aDaemonThatRepliesAnswers() throws {
        let listener = Listener()
        let probe = Probe(listener.path)
        let connection = accept(listener.fd, nil, nil)
        #expect(connection >= 0)
        defer { close(connection) }
        // The probe is one framed request, and its end of input follows it.
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = read(connection, &buffer, buffer.count)
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        let text = String(decoding: received, as: UTF8.self)
        let body = #"{"jsonrpc":"2.0","id":0,"method":"$/probe"}"#
        #expect(text == "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        let reply = Array("Content-Length: 2\r\n\r\n{}".utf8)
        #expect(write(connection, reply, reply.count) == reply.count)
        #expect(probe.result() == true)
    }

    @Test func aListenerClosedWithTheProbeInItsBacklogDoesNotAnswer() {
        // What a killed daemon looks like for a moment: its listening socket still
        // takes connections, then closes without accepting them.
        let listener = Listener()
        let probe = Probe(listener.path)
        #expect(listener.waitForAConnection())
        listener.close()
        #expect(probe.result() == false)
    }

    @Test func aDaemonThatClosesWithoutAReplyDoesNotAnswer() {
        let listener = Listener()
        let probe = Probe(listener.path)
        let connection = accept(listener.fd, nil, nil)
        #expect(connection >= 0)
        close(connection)
        #expect(probe.result() == false)
    }

    @Test func nothingAtThePathDoesNotAnswer() {
        let path = NSTemporaryDirectory() + "connector-none-\(getpid()).sock"
        #expect(UnixSocketConnector.answers(path) == false)
    }
}
