import Testing

@testable import JSONRPC

@Suite struct MethodIndexTests {
    @Test func namesKeepTheirFirstPosition() {
        var index = MethodIndex()
        #expect(index.insert("session/create") == 0)
        #expect(index.insert("transition/start") == 1)
        #expect(index.insert("session/create") == 0)
        #expect(index.names == ["session/create", "transition/start"])
        #expect(index.position(of: "transition/start") == 1)
        #expect(index.position(of: "transition/stop") == nil)
    }

    @Test func everyNameIsFoundAfterTheTableGrows() {
        // 300 names from an 8-slot start: the table is rebuilt several times and many
        // names share a first slot.
        var index = MethodIndex()
        let names = (0..<300).map { "method/\($0)" }
        for (position, name) in names.enumerated() { #expect(index.insert(name) == position) }
        for (position, name) in names.enumerated() { #expect(index.position(of: name) == position) }
        #expect(index.position(of: "method/300") == nil)
        #expect(index.position(of: "method/") == nil)
    }

    @Test func namesMatchExactly() {
        var index = MethodIndex(capacity: 4)
        _ = index.insert("sum")
        _ = index.insert("")
        #expect(index.position(of: "") == 1)
        for near in ["Sum", "sum ", " sum", "su", "summ", "sum\u{0}"] {
            #expect(index.position(of: near) == nil, "\(near.debugDescription)")
        }
    }

    @Test func registeringAMethodAgainReplacesItsHandler() {
        var registry = exampleRegistry()
        registry.register(SumRequest.self) { _, _ in 42 }
        #expect(registry.requestMethods.filter { $0 == "sum" }.count == 1)
        var dispatcher = Dispatcher(registry: registry)
        _ = dispatcher.exchange(
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
        #expect(
            dispatcher.exchange(#"{"jsonrpc":"2.0","id":2,"method":"sum","params":[1,2]}"#)
                == [resultResponse(2, 42)])
    }
}
