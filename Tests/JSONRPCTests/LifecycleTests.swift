import JSONRPC
import Testing

private func body(_ text: String) -> [UInt8] { Array(text.utf8) }

private func request(_ id: Int, _ method: String, _ params: String = "[1]") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
}

private func notification(_ method: String, _ params: String? = nil) -> String {
    if let params { return #"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"# }
    return #"{"jsonrpc":"2.0","method":"\#(method)"}"#
}

private func notInitialized(_ id: JSONValue) -> JSONValue {
    errorResponse(id, -32002, "Server not initialized")
}

private func shuttingDown(_ id: JSONValue) -> JSONValue {
    invalidRequest(id, "the server is shutting down; only exit is accepted")
}

struct LifecycleTests {
    @Test func requestsBeforeInitializeGet32002() {
        let log = NotificationLog()
        var dispatcher = Dispatcher(registry: exampleRegistry(log: log))
        #expect(dispatcher.lifecycle == .uninitialized)
        #expect(dispatcher.exchange(request(1, "sum")) == [notInitialized(1)])
        #expect(dispatcher.exchange(request(2, "nope")) == [notInitialized(2)])
        #expect(dispatcher.exchange(request(3, "shutdown")) == [notInitialized(3)])
        // Notifications are dropped (a diagnostic, nothing sent, handler not called).
        let dropped = dispatcher.handle(body: body(notification("update", "[1]")))
        #expect(dropped == [.diagnostic("dropped notification update before initialize")])
        #expect(dispatcher.exchange(notification("initialized")) == [])
        #expect(log.updates.isEmpty && log.initialized == 0)
        // Invalid messages are still invalid.
        #expect(
            dispatcher.exchange("7") == [
                invalidRequest(nil, "expected a request object, found number")
            ])
        #expect(dispatcher.lifecycle == .uninitialized)
    }

    @Test func initializeOnceThenServe() {
        let log = NotificationLog()
        var dispatcher = Dispatcher(registry: exampleRegistry(log: log))
        #expect(
            dispatcher.exchange(request(1, "initialize", "{}")) == [
                resultResponse(1, ["capabilities": [:]])
            ])
        #expect(dispatcher.lifecycle == .initialized)
        #expect(dispatcher.exchange(notification("initialized", "{}")) == [])
        #expect(log.initialized == 1)
        #expect(
            dispatcher.exchange(request(2, "initialize", "{}"))
                == [invalidRequest(2, "initialize may be sent only once")])
        #expect(dispatcher.exchange(request(3, "sum", "[2,3]")) == [resultResponse(3, 5)])
    }

    @Test func initializeHandlerSuppliesTheResult() {
        var registry = exampleRegistry()
        var seen: InitializeRequest?
        registry.register(InitializeRequest.self) { request, _ in
            seen = request
            return InitializeResult(
                capabilities: ["tick": true], serverName: "transitiond", serverVersion: "0.1")
        }
        var dispatcher = Dispatcher(registry: registry)
        let params =
            #"{"processId":4242,"clientInfo":{"name":"nvim","version":"0.7.2"},"trace":"verbose","capabilities":{"x":1}}"#
        #expect(
            dispatcher.exchange(request(1, "initialize", params))
                == [
                    resultResponse(
                        1,
                        [
                            "capabilities": ["tick": true],
                            "serverInfo": ["name": "transitiond", "version": "0.1"],
                        ])
                ])
        #expect(
            seen
                == InitializeRequest(
                    processId: 4242, clientName: "nvim", clientVersion: "0.7.2", trace: .verbose,
                    capabilities: ["x": 1]))
        #expect(dispatcher.trace == .verbose)
    }

    @Test func failedInitializeLeavesTheServerUninitialized() {
        var registry = exampleRegistry()
        registry.register(InitializeRequest.self) { _, _ throws(ResponseError) in
            throw ResponseError.internalError("not today")
        }
        var dispatcher = Dispatcher(registry: registry)
        #expect(
            dispatcher.exchange(request(1, "initialize", "{}")) == [
                errorResponse(1, -32603, "Internal error: not today")
            ])
        #expect(dispatcher.lifecycle == .uninitialized)
        #expect(dispatcher.exchange(request(2, "sum")) == [notInitialized(2)])
    }

    @Test func initializeWithBadParams() {
        var dispatcher = Dispatcher(registry: exampleRegistry())
        #expect(
            dispatcher.exchange(request(1, "initialize", #"{"processId":"x"}"#))
                == [
                    errorResponse(
                        1, -32602, "Invalid params: params.processId: expected integer",
                        data: [
                            "field": "params.processId", "path": ["params", "processId"],
                            "reason": "expected integer", "expected": "integer", "found": "string",
                        ])
                ])
        #expect(dispatcher.lifecycle == .uninitialized)
    }

    @Test func shutdownThenExitIsCodeZero() {
        var dispatcher = initializedDispatcher()
        #expect(dispatcher.exchange(request(1, "shutdown", "{}")) == [resultResponse(1, nil)])
        #expect(dispatcher.lifecycle == .shutDown)
        #expect(dispatcher.exchange(request(2, "sum")) == [shuttingDown(2)])
        #expect(dispatcher.exchange(request(3, "shutdown")) == [shuttingDown(3)])
        #expect(dispatcher.exchange(request(4, "initialize", "{}")) == [shuttingDown(4)])
        #expect(
            dispatcher.handle(body: body(notification("update", "[1]")))
                == [.diagnostic("dropped notification update after shutdown")])
        #expect(dispatcher.handle(body: body(notification("exit"))) == [.exit(code: 0)])
        #expect(dispatcher.lifecycle == .exited)
        // After exit nothing is handled.
        #expect(dispatcher.handle(body: body(request(5, "sum"))) == [])
        #expect(dispatcher.handleEndOfInput() == [])
    }

    @Test func shutdownWithoutParamsMember() {
        var dispatcher = initializedDispatcher()
        #expect(
            dispatcher.exchange(#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#) == [
                resultResponse(1, nil)
            ])
    }

    @Test func exitWithoutShutdownIsCodeOne() {
        var dispatcher = initializedDispatcher()
        #expect(dispatcher.handle(body: body(notification("exit"))) == [.exit(code: 1)])
        var early = Dispatcher(registry: exampleRegistry())
        #expect(early.handle(body: body(notification("exit"))) == [.exit(code: 1)])
    }

    @Test func endOfInputIsAnExit() {
        var dispatcher = initializedDispatcher()
        #expect(dispatcher.handleEndOfInput() == [.exit(code: 1)])
        var polite = initializedDispatcher()
        _ = polite.exchange(request(1, "shutdown"))
        #expect(polite.handleEndOfInput() == [.exit(code: 0)])
    }

    @Test func exitInsideABatchStopsIt() {
        var dispatcher = initializedDispatcher()
        let batch = "[\(request(1, "shutdown")),\(notification("exit")),\(request(2, "sum"))]"
        let outgoing = dispatcher.handle(body: body(batch))
        #expect(sentJSON(outgoing) == [[resultResponse(1, nil)]])
        #expect(outgoing.last == .exit(code: 0))
    }

    @Test func unknownNotifications() {
        var dispatcher = initializedDispatcher()
        #expect(dispatcher.handle(body: body(notification("$/unknown", "{}"))) == [])
        #expect(dispatcher.handle(body: body(notification("$/progress", #"{"token":1}"#))) == [])
        #expect(
            dispatcher.handle(body: body(notification("foo/bar"))) == [
                .diagnostic("ignored unknown notification foo/bar")
            ])
        #expect(
            dispatcher.handle(body: body(notification("update", #"{"a":1}"#)))
                == [.diagnostic("dropped notification update: params: expected array")])
    }

    @Test func traceSetting() {
        var dispatcher = initializedDispatcher()
        #expect(dispatcher.trace == .off)
        #expect(dispatcher.logTrace("hello") == nil)
        #expect(dispatcher.exchange(notification("$/setTrace", #"{"value":"messages"}"#)) == [])
        #expect(dispatcher.trace == .messages)
        #expect(
            sentJSON([dispatcher.logTrace("hello", verbose: "detail")!]) == [
                ["jsonrpc": "2.0", "method": "$/logTrace", "params": ["message": "hello"]]
            ])
        _ = dispatcher.exchange(notification("$/setTrace", #"{"value":"verbose"}"#))
        #expect(
            sentJSON([dispatcher.logTrace("hello", verbose: "detail")!])
                == [
                    [
                        "jsonrpc": "2.0", "method": "$/logTrace",
                        "params": ["message": "hello", "verbose": "detail"],
                    ]
                ])
        #expect(
            dispatcher.handle(body: body(notification("$/setTrace", #"{"value":"loud"}"#)))
                == [
                    .diagnostic(
                        #"dropped notification $/setTrace: params.value: expected "off", "messages" or "verbose""#
                    )
                ])
        #expect(dispatcher.trace == .verbose)
    }

    @Test func logMessage() {
        #expect(
            sentJSON([Dispatcher.logMessage(.warning, "careful")])
                == [
                    [
                        "jsonrpc": "2.0", "method": "window/logMessage",
                        "params": ["type": 2, "message": "careful"],
                    ]
                ])
    }

    @Test func framingErrorsAreAnsweredAndFatalOnesClose() {
        var dispatcher = initializedDispatcher()
        var reader = FrameReader(maximumBodyLength: 100)
        let bad = body("Content-Length: x\r\n\r\n{}")
        let good = FrameWriter.frame(request(1, "sum", "[4]"))
        let stream = bad + good + body("Content-Length: 101\r\n\r\n")
        let outgoing = dispatcher.handle(reader.read(stream))
        let invalidLength = FramingError(.invalidContentLength("x"), streamOffset: 0)
        let tooLarge = FramingError(
            .bodyTooLarge(length: "101", limit: 100), streamOffset: bad.count + good.count)
        #expect(
            outgoing == [
                .send(ResponseBytes.error(.framing(invalidLength))),
                .diagnostic("framing: \(invalidLength.description)"),
                .send(Array(#"{"jsonrpc":"2.0","id":1,"result":4}"#.utf8)),
                .send(ResponseBytes.error(.framing(tooLarge))),
                .diagnostic("framing: \(tooLarge.description)"),
                .close(tooLarge),
            ])
        #expect(
            sentJSON([outgoing[0]])
                == [
                    errorResponse(
                        nil, -32700, "Parse error: invalid Content-Length 'x' (at stream byte 0)",
                        data: ["framing": "invalid Content-Length 'x' (at stream byte 0)"])
                ])
    }
}
