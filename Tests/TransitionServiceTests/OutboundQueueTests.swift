import Testing

@testable import TransitionService

@Suite struct OutboundQueueTests {
    func drain(_ q: inout OutboundQueue) -> [String] {
        var out: [String] = []
        while let b = q.pop() { out.append(String(decoding: b, as: UTF8.self)) }
        return out
    }

    @Test func newestTickReplacesTheUnsentOne() {
        var q = OutboundQueue()
        q.push(message: Array("r1".utf8))
        q.push(tick: Array("a1".utf8), session: "a")
        q.push(tick: Array("b1".utf8), session: "b")
        q.push(tick: Array("a2".utf8), session: "a")
        q.push(tick: Array("a3".utf8), session: "a")
        #expect(q.byteCount == 6)
        #expect(q.replacedTicks == 2)
        #expect(q.hasTick(of: "a") && q.hasTick(of: "b") && !q.hasTick(of: "c"))
        #expect(drain(&q) == ["r1", "a3", "b1"])
        #expect(!q.hasTick(of: "a"))
        #expect(q.isEmpty && q.byteCount == 0)
    }

    @Test func aMessageOfTheSessionKeepsTheTickBeforeIt() {
        var q = OutboundQueue()
        q.push(tick: Array("a1".utf8), session: "a")
        q.push(message: Array("end-a".utf8), session: "a")
        q.push(tick: Array("a2".utf8), session: "a")
        q.push(tick: Array("a3".utf8), session: "a")
        #expect(drain(&q) == ["a1", "end-a", "a3"])
    }

    @Test func aTickAfterItsPredecessorWasWrittenIsQueuedAgain() {
        var q = OutboundQueue()
        q.push(tick: Array("a1".utf8), session: "a")
        q.push(message: Array("r".utf8))
        #expect(q.pop().map { String(decoding: $0, as: UTF8.self) } == "a1")
        q.push(tick: Array("a2".utf8), session: "a")
        #expect(drain(&q) == ["r", "a2"])
    }
}
