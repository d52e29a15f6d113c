import CLibUV
import JSONRPC
import Testing
import TransitionService

@testable import TransitionDaemon

#if canImport(Glibc)
    import Glibc
#endif

/// The libuv shell on a real loop: every test ends by closing the loop, and
/// `uv_loop_close` answers 0 only when every handle it opened was closed.
@Suite struct EventLoopTests {
    @Test func aTimerFiresAndTheLoopClosesClean() throws {
        let loop = try EventLoop()
        let timer = try Timer(loop: loop)
        var fired = 0
        timer.onFire = {
            fired += 1
            timer.close()
        }
        timer.fireOnce(afterMilliseconds: 1)
        loop.run()
        #expect(fired == 1)
        #expect(loop.close() == 0)
    }

    @Test func aHandleLeftOpenIsSeenWhenTheLoopCloses() throws {
        let loop = try EventLoop()
        let timer = try Timer(loop: loop)
        timer.fireOnce(afterMilliseconds: 60_000)
        timer.unreference()
        loop.run()
        // The timer no longer keeps the loop running, but it is still open.
        #expect(loop.close() == UV_EBUSY.rawValue)
        timer.close()
        #expect(loop.close() == 0)
    }

    @Test func theTickTimerAndTheTurnsCloseClean() throws {
        let loop = try EventLoop()
        let ticks = try DeadlineTimer(loop: loop)
        let turns = try IdleCallback(loop: loop)
        var idled = 0
        turns.onIdle = {
            idled += 1
            if idled == 3 {
                turns.close()
                ticks.close()
            }
        }
        ticks.schedule(at: loop.nanoseconds + 1_000_000)
        turns.start()
        loop.run()
        #expect(idled == 3)
        #expect(loop.close() == 0)
    }

    @Test func aClientOverASocketIsAnsweredAndItsConnectionClosesWithTheLoop() throws {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        let (daemonSide, clientSide) = (fds[0], fds[1])
        defer { Glibc.close(clientSide) }
        let loop = try EventLoop()
        let hub = ConnectionHub(
            host: SessionHost(), logger: .silent, now: { loop.nanoseconds })
        var closed = 0
        hub.onEvent = { if case .closed = $0 { closed += 1 } }
        let stream = try #require(Stream.open(loop: loop, fd: daemonSide, readable: true))
        hub.open(StreamTransport(stream), wire: LSPFraming())

        // The client asks, then ends its input: the daemon answers and closes.
        let request = FrameWriter.frame(
            Array(
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#.utf8
            ))
        #expect(
            request.withUnsafeBytes { write(clientSide, $0.baseAddress, $0.count) } == request.count
        )
        shutdown(clientSide, Int32(SHUT_WR))
        loop.run()
        #expect(closed == 1 && hub.connections.isEmpty)
        #expect(loop.close() == 0)

        var reply = [UInt8](repeating: 0, count: 65536)
        let n = reply.withUnsafeMutableBytes { read(clientSide, $0.baseAddress, $0.count) }
        var reader = FrameReader()
        let events = reader.read(Array(reply[0..<max(0, n)]))
        guard case .message(let body)? = events.first else {
            Issue.record("no reply in \(n) bytes")
            return
        }
        let message = try JSONParser().parse(body)
        #expect(message["id"]?.int64Value == 1)
        #expect(message["result"]?["serverInfo"]?["name"]?.stringValue == "transitiond")
    }
}
