import JSONRPC
import Testing
import TransitionProtocol

struct TransitionDidEndTests {
    static let sample = TransitionDidEnd(
        session: "s1", transition: "t2", completed: false, finished: false,
        reason: .cancelledInPlace, progress: 0.25, contentOffsetX: 0, contentOffsetY: 12.5,
        time: 0.5)

    @Test func isWrittenInTheDocumentedOrder() {
        var writer = JSONByteWriter()
        Self.sample.encode(to: &writer)
        #expect(
            String(decoding: writer.bytes, as: UTF8.self)
                == #"{"session":"s1","transition":"t2","completed":false,"finished":false,"#
                + #""reason":"cancelledInPlace","progress":0.25,"contentOffset":{"x":0,"y":12.5},"#
                + #""time":0.5}"#)
    }

    @Test func readsBackWhatItWrote() throws {
        var writer = JSONByteWriter()
        Self.sample.encode(to: &writer)
        let json = try JSONParser().parse(writer.bytes)
        #expect(try TransitionDidEnd(json: JSONCursor(json)) == Self.sample)
    }

    @Test func anUnknownReasonNamesTheField() throws {
        let json = try JSONParser().parse(
            Array(
                #"{"session":"s1","transition":"t1","completed":true,"finished":true,"reason":"won","progress":1,"contentOffset":{"x":0,"y":0},"time":1}"#
                    .utf8))
        #expect(throws: JSONDecodingError.self) { try TransitionDidEnd(json: JSONCursor(json)) }
    }

    @Test func methodNamesAreTheProtocols() {
        #expect(TransitionTick.method.rawValue == "transition/tick")
        #expect(TransitionDidEnd.method.rawValue == "transition/didEnd")
        #expect(RequestMethod.sessionList.rawValue == "session/list")
    }
}
