import JSONRPC
import Testing
import TransitionService

@testable import TransitionWasm

@Suite struct HostedDaemonTests {
    static let create =
        #"{"jsonrpc":"2.0","id":2,"method":"session/create","params":{"viewport":{"width":375,"height":667},"sections":[{"items":100}],"layout":{"type":"list","rowHeight":60},"fps":60}}"#

    @Test func anLSPClientIsAnsweredInContentLengthFrames() throws {
        let h = HostHarness()
        let c = try #require(h.open())
        h.sendFramed(c, HostHarness.initialize)
        h.sendFramed(c, #"{"jsonrpc":"2.0","id":2,"method":"no/such"}"#)
        let replies = try h.takeFramedMessages(c)
        #expect(replies.count == 2)
        #expect(replies[0]["result"]?["serverInfo"]?["name"]?.stringValue == "transitiond")
        #expect(replies[1]["error"]?["code"]?.int64Value == -32601)
    }

    @Test func aMessageClientGetsEachReplyBehindItsLength() throws {
        let h = HostHarness()
        let c = try #require(h.open(.messages))
        h.send(c, Array(HostHarness.initialize.utf8))
        h.send(c, Array(Self.create.utf8))
        let replies = try h.takeLengthPrefixedMessages(c)
        #expect(replies.map { $0["id"]?.int64Value } == [1, 2])
        #expect(replies[1]["result"]?["session"]?.stringValue?.isEmpty == false)
    }

    @Test func aMessageOverTheLimitIsAnsweredThenTheConnectionCloses() throws {
        var limits = ServiceLimits()
        limits.maxMessageBytes = 64
        let h = HostHarness(limits: limits)
        let c = try #require(h.open(.messages))
        h.send(c, Array(repeating: UInt8(ascii: " "), count: 65))
        let replies = try h.takeLengthPrefixedMessages(c)
        #expect(replies.first?["error"]?["code"]?.int64Value == -32700)
        #expect(h.closed == [c])
    }

    @Test func aRealtimeTransitionTicksAtTheDeadlineTheHostIsGiven() throws {
        let h = HostHarness()
        let c = try #require(h.open())
        h.sendFramed(c, HostHarness.initialize)
        h.sendFramed(c, Self.create)
        let session = try #require(
            try h.takeFramedMessages(c).last?["result"]?["session"]?.stringValue)
        let started = h.now
        h.sendFramed(
            c,
            #"{"jsonrpc":"2.0","id":3,"method":"transition/start","params":{"session":"\#(session)","to":{"type":"grid","columns":2},"duration":1}}"#
        )
        // The reply, then the first tick, due at once.
        let first = try h.takeFramedMessages(c)
        #expect(first.map { $0["id"]?.int64Value ?? -1 } == [3, -1])
        #expect(first.last?["params"]?["seq"]?.int64Value == 1)
        // The next tick is due one period (1/60 s) after the start.
        let deadline = try #require(h.daemon.nextDeadline)
        #expect(deadline == started + 1_000_000_000 / 60)
        h.fireTimer(at: deadline)
        let second = try h.takeFramedMessages(c)
        #expect(second.count == 1 && second.first?["params"]?["seq"]?.int64Value == 2)
    }

    @Test func aLongPipelineIsServedInTurns() throws {
        let h = HostHarness()
        let c = try #require(h.open())
        h.sendFramed(c, HostHarness.initialize)
        _ = try h.takeFramedMessages(c)
        var pipeline: [UInt8] = []
        for id in 2..<302 {
            let body = #"{"jsonrpc":"2.0","id":\#(id),"method":"session/list"}"#
            pipeline += Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        }
        h.send(c, pipeline)
        #expect(try h.takeFramedMessages(c).count == 256)
        #expect(h.daemon.wantsTurns)
        // Input arriving meanwhile waits behind the rest of the pipeline.
        h.sendFramed(c, #"{"jsonrpc":"2.0","id":302,"method":"session/list"}"#)
        #expect(try h.takeFramedMessages(c).isEmpty)
        h.giveTurns()
        let rest = try h.takeFramedMessages(c)
        #expect(rest.map { $0["id"]?.int64Value } == (258..<303).map { Int64($0) })
        #expect(!h.daemon.wantsTurns)
    }

    @Test func theSoleClientLeavingWithoutShutdownExitsOne() throws {
        let h = HostHarness()
        let c = try #require(h.open(sole: true))
        h.sendFramed(c, HostHarness.initialize)
        h.end(c)
        #expect(h.closed == [c])
        #expect(h.exitCode == 1)
    }

    @Test func theSoleClientsExitAfterShutdownExitsZero() throws {
        let h = HostHarness()
        let c = try #require(h.open(sole: true))
        h.sendFramed(c, HostHarness.initialize)
        h.sendFramed(c, #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        h.sendFramed(c, #"{"jsonrpc":"2.0","method":"exit"}"#)
        #expect(try h.takeFramedMessages(c).map { $0["id"]?.int64Value } == [1, 2])
        #expect(h.exitCode == 0)
    }

    @Test func connectionsPastTheLimitAreRefused() throws {
        var limits = ServiceLimits()
        limits.maxConnections = 2
        let h = HostHarness(limits: limits)
        #expect(h.open() != nil && h.open() != nil)
        #expect(h.open() == nil)
        #expect(h.logs.contains { $0.level == 1 && $0.line.contains("--max-connections") })
    }

    @Test func aClientProcessThatDiesClosesItsConnection() throws {
        let h = HostHarness()
        let c = try #require(h.open())
        h.sendFramed(
            c,
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":4242,"capabilities":{}}}"#
        )
        #expect(h.watched == [4242])
        h.processEnded(4242)
        #expect(h.closed == [c])
        #expect(h.exitCode == nil)
    }

    @Test func aStopLetsConnectionsFinishThenReportsTheExit() throws {
        let h = HostHarness()
        let a = try #require(h.open())
        let b = try #require(h.open())
        h.stop(code: 0)
        #expect(h.open() == nil)
        #expect(Set(h.closed) == [a, b])
        #expect(h.exitCode == 0)
    }

    @Test func exitWaitsForTheHostToSendTheLastAnswers() throws {
        let h = HostHarness()
        let c = try #require(h.open(queues: true))
        h.sendFramed(c, HostHarness.initialize)
        h.sendFramed(c, #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        h.sendFramed(c, #"{"jsonrpc":"2.0","method":"exit"}"#)
        // The answers are in the host's buffer: the connection drains, bounded at 5 s.
        #expect(h.closed.isEmpty)
        #expect(h.daemon.nextDeadline == h.now + 5_000_000_000)
        h.written(c, remaining: 0)
        #expect(h.closed == [c])
        #expect(h.daemon.nextDeadline == nil)
    }

    @Test func aClientThatDoesNotReadIsClosedAfterTheDrainBound() throws {
        let h = HostHarness()
        let c = try #require(h.open(queues: true))
        h.sendFramed(c, HostHarness.initialize)
        h.sendFramed(c, #"{"jsonrpc":"2.0","method":"exit"}"#)
        let bound = try #require(h.daemon.nextDeadline)
        h.fireTimer(at: bound)
        #expect(h.closed == [c])
        #expect(h.logs.contains { $0.line.contains("did not read its last answers") })
    }

    @Test func aClientBehindOnItsAnswersIsNotReadUntilItCatchesUp() throws {
        let h = HostHarness()
        let c = try #require(h.open(queues: true))
        h.sendFramed(c, HostHarness.initialize)
        h.sendFramed(
            c,
            #"{"jsonrpc":"2.0","id":2,"method":"session/create","params":{"viewport":{"width":375,"height":667},"sections":[{"items":5000}],"layout":{"type":"list","rowHeight":60},"clock":"manual"}}"#
        )
        let session = try #require(
            try h.takeFramedMessages(c).last?["result"]?["session"]?.stringValue)
        // Samples of 5,000 items each, over a megabyte of answers apiece that the host has
        // not sent: past the 4 MiB high-water mark after a few.
        var burst: [UInt8] = []
        for id in 3..<13 {
            let body =
                #"{"jsonrpc":"2.0","id":\#(id),"method":"transition/sample","params":{"session":"\#(session)","to":{"type":"grid","columns":2},"duration":1,"progress":0.5,"all":true}}"#
            burst += Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        }
        h.send(c, burst)
        let answered = try h.takeFramedMessages(c).count
        #expect(answered < 10)
        #expect(h.reading.last == -c)
        // The host sent everything: the connection reads on and answers the rest.
        h.written(c, remaining: 0)
        var total = answered + (try h.takeFramedMessages(c).count)
        while total < 10 {
            h.written(c, remaining: 0)
            let more = try h.takeFramedMessages(c).count
            guard more > 0 else { break }
            total += more
        }
        #expect(total == 10)
        #expect(h.reading.contains(c))
    }

    @Test func aSocketClientThatDoesNotInitializeInTimeIsClosed() throws {
        let h = HostHarness()
        let idle = try #require(h.open())
        let initialized = try #require(h.open())
        h.sendFramed(initialized, HostHarness.initialize)
        let deadline = try #require(h.daemon.nextDeadline)
        #expect(deadline == h.now + HostedDaemon.defaultInitializeTimeout)
        h.fireTimer(at: deadline)
        #expect(h.closed == [idle])
        #expect(h.daemon.nextDeadline == nil)
    }

    @Test func aResetAndABrokenPipeAreNamedInTheLog() throws {
        let h = HostHarness()
        let reset = try #require(h.open())
        let gone = try #require(h.open())
        h.sendFramed(gone, HostHarness.initialize)
        h.end(reset, error: HostError.connectionReset)
        h.outputFailed(gone, error: HostError.brokenPipe)
        #expect(Set(h.closed) == [reset, gone])
        #expect(h.logs.contains { $0.line.contains("ECONNRESET") })
        #expect(h.logs.contains { $0.line.contains("output error broken pipe (EPIPE)") })
    }
}
