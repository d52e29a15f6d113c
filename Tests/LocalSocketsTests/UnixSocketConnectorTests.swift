import Foundation
import Testing

@testable import LocalSockets

#if canImport(Glibc)
    import Glibc
#endif

/// `UnixSocketConnector.probe` and `stillServes`, which tell a forwarder whether its
/// daemon still runs after the connection closed: a reply counts, a connection that a
/// dying daemon's listening socket still took into its backlog does not, and a full
/// daemon that turns probes away is still there.
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

    /// Runs `body` on another thread, so the test can play the daemon meanwhile.
    final class Background<Result: Sendable>: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var value: Result?

        init(_ body: @escaping @Sendable () -> Result) {
            DispatchQueue.global().async { [self] in
                value = body()
                done.signal()
            }
        }

        func result() -> Result? {
            guard done.wait(timeout: .now() + 60) == .success else { return nil }
            return value
        }
    }

    @Test func aDaemonThatRepliesAnswersTheProbe() throws {
        let listener = Listener()
        let path = listener.path
        let probe = Background { UnixSocketConnector.probe(path) }
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
        #expect(probe.result() == .answered)
    }

    @Test func aListenerClosedWithTheProbeInItsBacklogTurnsItAway() {
        // What a killed daemon looks like for a moment: its listening socket still
        // takes connections, then closes without accepting them.
        let listener = Listener()
        let path = listener.path
        let probe = Background { UnixSocketConnector.probe(path) }
        #expect(listener.waitForAConnection())
        listener.close()
        #expect(probe.result() == .turnedAway)
    }

    @Test func aKilledDaemonNoLongerServes() {
        // The first probe lands in the dying listener's backlog; the next is refused.
        let listener = Listener()
        let path = listener.path
        let serves = Background { UnixSocketConnector.stillServes(path) }
        #expect(listener.waitForAConnection())
        listener.close()
        #expect(serves.result() == false)
    }

    @Test func aFullDaemonStillServes() {
        // A daemon at --max-connections takes each connection and closes it at once: it
        // turns every probe away, but it runs, and its socket is not stale.
        let listener = Listener()
        let path = listener.path
        let fd = listener.fd
        let serves = Background { UnixSocketConnector.stillServes(path, attempts: 3) }
        for _ in 0..<3 {
            let connection = accept(fd, nil, nil)
            #expect(connection >= 0)
            close(connection)
        }
        #expect(serves.result() == true)
        #expect(UnixSocketConnector.accepts(path))
    }

    @Test func nothingAtThePathIsRefused() {
        let path = NSTemporaryDirectory() + "connector-none-\(getpid()).sock"
        #expect(UnixSocketConnector.probe(path) == .refused)
        #expect(UnixSocketConnector.stillServes(path) == false)
        #expect(UnixSocketConnector.accepts(path) == false)
    }
}
