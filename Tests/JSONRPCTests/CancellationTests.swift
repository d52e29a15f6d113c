import JSONRPC
import Testing

private func body(_ text: String) -> [UInt8] { Array(text.utf8) }

private func sum(_ id: String, _ terms: String = "[1,2]") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"sum","params":\#(terms)}"#
}

private func cancel(_ id: String) -> String {
    #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(id)}}"#
}

private func cancelled(_ id: JSONValue) -> JSONValue {
    errorResponse(id, -32800, "Request cancelled")
}

struct CancellationTests {
    @Test func cancelBeforeItsRequestIsRemembered() {
        var dispatcher = initializedDispatcher()
        #expect(dispatcher.exchange(cancel("7")) == [])
        #expect(dispatcher.exchange(sum("7")) == [cancelled(7)])
        // Only once: the id may be used again.
        #expect(dispatcher.exchange(sum("7")) == [resultResponse(7, 3)])
        #expect(dispatcher.exchange(sum("8")) == [resultResponse(8, 3)])
    }

    @Test func stringIDs() {
        var dispatcher = initializedDispatcher()
        _ = dispatcher.exchange(cancel(#""a""#))
        #expect(dispatcher.exchange(sum(#""a""#)) == [cancelled("a")])
        #expect(dispatcher.exchange(sum("1")) == [resultResponse(1, 3)])
    }

    @Test func cancelAfterTheResponseIsStale() {
        var dispatcher = initializedDispatcher()
        #expect(dispatcher.exchange(sum("5")) == [resultResponse(5, 3)])
        #expect(dispatcher.exchange(cancel("5")) == [])
        // The stale cancel must not hit a later request that reuses the id.
        #expect(dispatcher.exchange(sum("5")) == [resultResponse(5, 3)])
    }

    @Test func cancelLaterInTheSameReadStillApplies() {
        var dispatcher = initializedDispatcher()
        let outgoing = dispatcher.handle(bodies: [
            body(sum("9")), body(sum("10")), body(cancel("9")),
        ])
        #expect(sentJSON(outgoing) == [cancelled(9), resultResponse(10, 3)])
        // Through the frame reader: both frames in one chunk.
        var reader = FrameReader()
        let chunk = FrameWriter.frame(sum("11")) + FrameWriter.frame(cancel("11"))
        #expect(sentJSON(dispatcher.handle(reader.read(chunk))) == [cancelled(11)])
    }

    @Test func cancelInsideABatch() {
        var dispatcher = initializedDispatcher()
        #expect(
            dispatcher.exchange("[\(sum("1")),\(cancel("1")),\(sum("2"))]") == [
                [cancelled(1), resultResponse(2, 3)]
            ])
        #expect(dispatcher.exchange("[\(cancel("3")),\(sum("3"))]") == [[cancelled(3)]])
    }

    @Test func rememberedCancelsAreBounded() {
        var dispatcher = initializedDispatcher(cancellationMemory: 4)
        for id in 1...6 { _ = dispatcher.exchange(cancel("\(id)")) }
        // The two oldest were forgotten; the four newest still apply.
        for id in 1...2 {
            #expect(dispatcher.exchange(sum("\(id)")) == [resultResponse(.integer(Int64(id)), 3)])
        }
        for id in 3...6 {
            #expect(dispatcher.exchange(sum("\(id)")) == [cancelled(.integer(Int64(id)))])
        }
        // Many cancels for never-sent ids do not grow without bound.
        for id in 1000..<3000 { _ = dispatcher.exchange(cancel("\(id)")) }
        for id in 1000..<2996 {
            #expect(dispatcher.exchange(sum("\(id)")) == [resultResponse(.integer(Int64(id)), 3)])
        }
        for id in 2996..<3000 {
            #expect(dispatcher.exchange(sum("\(id)")) == [cancelled(.integer(Int64(id)))])
        }
    }

    @Test func answeredIDsAreRememberedWithinTheBound() {
        var dispatcher = initializedDispatcher(cancellationMemory: 4)
        for id in 1...6 { _ = dispatcher.exchange(sum("\(id)")) }
        // 3...6 are the four newest answered: their cancels are stale and dropped.
        for id in 3...6 { _ = dispatcher.exchange(cancel("\(id)")) }
        for id in 3...6 {
            #expect(dispatcher.exchange(sum("\(id)")) == [resultResponse(.integer(Int64(id)), 3)])
        }
        // 1 was forgotten (overwritten in the ring): its cancel waits for a request.
        _ = dispatcher.exchange(cancel("1"))
        #expect(dispatcher.exchange(sum("1")) == [cancelled(1)])
    }

    @Test func lifecycleErrorsComeFirst() {
        var dispatcher = Dispatcher(registry: exampleRegistry())
        // Before initialize the cancel is dropped and the request is -32002 anyway.
        _ = dispatcher.exchange(cancel("1"))
        #expect(
            dispatcher.exchange(sum("1")) == [errorResponse(1, -32002, "Server not initialized")])
    }

    @Test func malformedCancel() {
        var dispatcher = initializedDispatcher()
        #expect(
            dispatcher.handle(
                body: body(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":[1]}}"#))
                == [
                    .diagnostic(
                        "dropped notification $/cancelRequest: params.id: expected string or number"
                    )
                ])
    }
}
