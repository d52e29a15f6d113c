import Testing

@testable import JSONRPC

/// JSON-RPC 2.0 §7 examples and the invalid-request table of DAEMON.md, each with the
/// exact response (compared as parsed JSON) or none.
struct JSONRPCSpecificationTests {
    @Test func positionalParameters() {
        var dispatcher = initializedDispatcher()
        #expect(
            dispatcher.exchange(
                #"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#)
                == [resultResponse(1, 19)])
        #expect(
            dispatcher.exchange(
                #"{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}"#)
                == [resultResponse(2, -19)])
    }

    @Test func namedParameters() {
        var dispatcher = initializedDispatcher()
        #expect(
            dispatcher.exchange(
                #"{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}"#
            )
                == [resultResponse(3, 19)])
        #expect(
            dispatcher.exchange(
                #"{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}"#
            )
                == [resultResponse(4, 19)])
    }

    @Test func notifications() {
        let log = NotificationLog()
        var dispatcher = initializedDispatcher(log: log)
        #expect(
            dispatcher.exchange(#"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#)
                == [])
        #expect(dispatcher.exchange(#"{"jsonrpc": "2.0", "method": "foobar"}"#) == [])
        #expect(log.updates == [[1, 2, 3, 4, 5]])
    }

    @Test func nonExistentMethod() {
        var dispatcher = initializedDispatcher()
        #expect(
            dispatcher.exchange(#"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#)
                == [methodNotFound("1", "foobar")])
    }

    @Test func invalidJSON() {
        var dispatcher = initializedDispatcher()
        #expect(
            dispatcher.exchange(#"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#)
                == [
                    errorResponse(
                        nil, -32700, "Parse error: unexpected character 'p' at byte 39",
                        data: ["offset": 39, "reason": "unexpected character 'p'"])
                ])
    }

    @Test func invalidRequestObject() {
        var dispatcher = initializedDispatcher()
        #expect(
            dispatcher.exchange(#"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#)
                == [invalidRequest(nil, "method must be a string")])
    }

    @Test func batchWithInvalidJSON() {
        var dispatcher = initializedDispatcher()
        let body = """
            [
              {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
              {"jsonrpc": "2.0", "method"
            ]
            """
        #expect(
            dispatcher.exchange(body)
                == [
                    errorResponse(
                        nil, -32700, "Parse error: unexpected character ']' at byte 101",
                        data: ["offset": 101, "reason": "unexpected character ']'"])
                ])
    }

    @Test func emptyArray() {
        var dispatcher = initializedDispatcher()
        #expect(dispatcher.exchange("[]") == [invalidRequest(nil, "empty batch")])
    }

    @Test func invalidBatchNotEmpty() {
        var dispatcher = initializedDispatcher()
        #expect(
            dispatcher.exchange("[1]") == [
                [invalidRequest(nil, "expected a request object, found number")]
            ])
    }

    @Test func invalidBatch() {
        var dispatcher = initializedDispatcher()
        let invalid = invalidRequest(nil, "expected a request object, found number")
        #expect(dispatcher.exchange("[1,2,3]") == [[invalid, invalid, invalid]])
    }

    @Test func batch() {
        var dispatcher = initializedDispatcher()
        let body = """
            [
                {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
                {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
                {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
                {"foo": "boo"},
                {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
                {"jsonrpc": "2.0", "method": "get_data", "id": "9"}
            ]
            """
        #expect(
            dispatcher.exchange(body)
                == [
                    [
                        resultResponse("1", 7),
                        resultResponse("2", 19),
                        invalidRequest(nil, "jsonrpc must be \"2.0\""),
                        methodNotFound("5", "foo.get"),
                        resultResponse("9", ["hello", 5]),
                    ]
                ])
    }

    @Test func batchOverTheLimitIsRefusedWhole() {
        var dispatcher = Dispatcher(
            registry: exampleRegistry(log: NotificationLog()), maximumBatchLength: 3)
        _ = dispatcher.handle(
            body: Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
        let sum = #"{"jsonrpc": "2.0", "method": "sum", "params": [1, 2], "id": 1}"#
        // Three are taken; four are refused with one error object, none handled.
        #expect(
            dispatcher.exchange("[\(sum), \(sum), \(sum)]") == [
                [resultResponse(1, 3), resultResponse(1, 3), resultResponse(1, 3)]
            ])
        #expect(
            dispatcher.exchange(" [\(sum), \(sum), \(sum), \(sum)]")
                == [
                    errorResponse(
                        nil, -32600, "Invalid request: a batch of 4 messages; at most 3 are taken",
                        data: ["limit": 3, "count": 4])
                ])
    }

    @Test func arrayLengthCountsTopLevelElementsOnly() {
        #expect(IncomingPayload.arrayLength(Array("{}".utf8)) == nil)
        #expect(IncomingPayload.arrayLength(Array(" [ ] ".utf8)) == 0)
        #expect(IncomingPayload.arrayLength(Array("[1]".utf8)) == 1)
        #expect(
            IncomingPayload.arrayLength(
                Array(#"[{"a": [1, 2, {"b": ","}]}, "x,]\",y", [3, 4], null]"#.utf8)) == 4)
    }

    @Test func batchOfNotificationsOnly() {
        var dispatcher = initializedDispatcher()
        let body = """
            [
                {"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},
                {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}
            ]
            """
        #expect(dispatcher.exchange(body) == [])
    }

    /// DAEMON.md's invalid-request cases, and neighbours.
    static let invalidTable: [(body: String, expected: [JSONValue])] = [
        (
            #"{"jsonrpc":"2.0","method":"sum","params":[1],"id":[]}"#,
            [invalidRequest(nil, "id must be a string, a number or null")]
        ),
        (
            #"{"jsonrpc":"2.0","method":"sum","params":[1],"id":{}}"#,
            [invalidRequest(nil, "id must be a string, a number or null")]
        ),
        (
            #"{"jsonrpc":"2.0","method":"sum","params":[1],"id":true}"#,
            [invalidRequest(nil, "id must be a string, a number or null")]
        ),
        (#"{"id":1}"#, [invalidRequest(1, "jsonrpc must be \"2.0\"")]),
        (#"{"jsonrpc":"2.0","id":1}"#, [invalidRequest(1, "missing method")]),
        ("1", [invalidRequest(nil, "expected a request object, found number")]),
        ("null", [invalidRequest(nil, "expected a request object, found null")]),
        (#""x""#, [invalidRequest(nil, "expected a request object, found string")]),
        (
            #"{"jsonrpc":"2.1","method":"sum","params":[1],"id":5}"#,
            [invalidRequest(5, "jsonrpc must be \"2.0\"")]
        ),
        (
            #"{"jsonrpc":2.0,"method":"sum","params":[1],"id":5}"#,
            [invalidRequest(5, "jsonrpc must be \"2.0\"")]
        ),
        (
            #"{"method":"sum","params":[1],"id":"a"}"#,
            [invalidRequest("a", "jsonrpc must be \"2.0\"")]
        ),
        (
            #"{"jsonrpc":"2.0","method":"sum","params":5,"id":2}"#,
            [invalidRequest(2, "params must be an object, an array or null")]
        ),
        (
            // "params": null reads as absent (LSP clients send it): sum then lacks its numbers.
            #"{"jsonrpc":"2.0","method":"sum","params":null,"id":2}"#,
            [
                errorResponse(
                    2, -32602, "Invalid params: params: expected array",
                    data: [
                        "field": "params", "path": ["params"], "reason": "expected array",
                        "expected": "array",
                        "found": "nothing",
                    ])
            ]
        ),
        // Invalid objects without an id are answered with id null.
        (#"{"jsonrpc":"2.0","method":1}"#, [invalidRequest(nil, "method must be a string")]),
        (
            #"{"jsonrpc":"2.0","method":"update","params":"x"}"#,
            [invalidRequest(nil, "params must be an object, an array or null")]
        ),
        (#"{"jsonrpc":"1.0","method":"update"}"#, [invalidRequest(nil, "jsonrpc must be \"2.0\"")]),
        // Valid notifications are never answered, even unknown ones or with bad params.
        (#"{"jsonrpc":"2.0","method":"nope"}"#, []),
        (#"{"jsonrpc":"2.0","method":"update","params":{"x":1}}"#, []),
        // "id": null makes a request; it is answered with id null.
        (#"{"jsonrpc":"2.0","method":"sum","params":[1,2],"id":null}"#, [resultResponse(nil, 3)]),
        // Responses from the client are not answered; a malformed one is invalid.
        (#"{"jsonrpc":"2.0","id":1,"result":3}"#, []),
        (#"{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"m"}}"#, []),
        (
            #"{"jsonrpc":"2.0","id":1,"result":3,"error":{"code":-1,"message":"m"}}"#,
            [invalidRequest(1, "a response has either result or error")]
        ),
        (
            #"{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}"#,
            [invalidRequest(1, "error.code: expected integer")]
        ),
        (#"{"jsonrpc":"2.0","result":3}"#, [invalidRequest(nil, "a response needs an id")]),
        // Batches.
        ("[]", [invalidRequest(nil, "empty batch")]),
        ("[1]", [[invalidRequest(nil, "expected a request object, found number")]]),
        ("[[]]", [[invalidRequest(nil, "expected a request object, found array")]]),
        (#"[{"jsonrpc":"2.0","method":"nope"}]"#, []),
    ]

    @Test func invalidRequestTable() {
        for (body, expected) in Self.invalidTable {
            var dispatcher = initializedDispatcher()
            #expect(dispatcher.exchange(body) == expected, "\(body)")
        }
    }

    @Test func idsAreEchoedExactly() {
        var dispatcher = initializedDispatcher()
        let cases: [(String, String)] = [
            (#""abc""#, #""abc""#),
            (#""""#, #""""#),
            (#""\u00e9\n""#, "\"é\\n\""),
            ("9007199254740993", "9007199254740993"),
            ("-9223372036854775808", "-9223372036854775808"),
            ("0", "0"),
            ("1.5", "1.5"),
            ("1.50", "1.5"),
        ]
        for (sent, echoed) in cases {
            let outgoing = dispatcher.handle(
                body: Array(#"{"jsonrpc":"2.0","method":"sum","params":[1],"id":\#(sent)}"#.utf8))
            #expect(
                outgoing == [.send(Array(#"{"jsonrpc":"2.0","id":\#(echoed),"result":1}"#.utf8))],
                "\(sent)")
        }
    }

    @Test func invalidParamsNameTheField() {
        var dispatcher = initializedDispatcher()
        func params(_ text: String) -> String {
            #"{"jsonrpc":"2.0","id":1,"method":"session/create","params":\#(text)}"#
        }
        func invalidParams(
            _ field: String, _ path: [JSONValue], _ expected: String, _ found: String
        ) -> [JSONValue] {
            // A missing member is named as missing (section 14).
            let missing =
                found == "nothing" ? "missing member '\(field.split(separator: ".").last!)': " : ""
            return [
                errorResponse(
                    1, -32602, "Invalid params: \(field): \(missing)expected \(expected)",
                    data: [
                        "field": .string(field), "path": .array(path),
                        "reason": .string("\(missing)expected \(expected)"),
                        "expected": .string(expected),
                        "found": .string(found),
                    ])
            ]
        }
        #expect(
            dispatcher.exchange(params(#"{"viewport":{"width":"wide","height":2},"sections":[1]}"#))
                == invalidParams(
                    "params.viewport.width", ["params", "viewport", "width"], "number", "string"))
        #expect(
            dispatcher.exchange(params(#"{"viewport":{"width":3},"sections":[1]}"#))
                == invalidParams(
                    "params.viewport.height", ["params", "viewport", "height"], "number", "nothing")
        )
        #expect(
            dispatcher.exchange(params(#"{"viewport":[],"sections":[1]}"#))
                == invalidParams("params.viewport", ["params", "viewport"], "object", "array"))
        #expect(
            dispatcher.exchange(params(#"{"viewport":{"width":-1,"height":2},"sections":[1]}"#))
                == invalidParams(
                    "params.viewport.width", ["params", "viewport", "width"], "a positive number",
                    "number"))
        #expect(
            dispatcher.exchange(params(#"{"viewport":{"width":1,"height":2},"sections":[1,2.5]}"#))
                == invalidParams(
                    "params.sections[1]", ["params", "sections", 1], "integer", "number"))
        #expect(
            dispatcher.exchange(
                params(#"{"viewport":{"width":1,"height":2},"sections":[1],"fps":"x"}"#))
                == invalidParams("params.fps", ["params", "fps"], "integer", "string"))
        #expect(
            dispatcher.exchange(#"{"jsonrpc":"2.0","id":1,"method":"session/create"}"#)
                == invalidParams(
                    "params.viewport.width", ["params", "viewport", "width"], "number", "nothing"))
        #expect(
            dispatcher.exchange(
                params(#"{"viewport":{"width":1,"height":2},"sections":[1,2],"fps":null}"#))
                == [resultResponse(1, ["width": 1, "sections": 2])])
    }

    @Test func handlerErrorsAreSentWithData() {
        var dispatcher = initializedDispatcher()
        #expect(
            dispatcher.exchange(#"{"jsonrpc":"2.0","id":"f","method":"fail"}"#)
                == [errorResponse("f", -32001, "no such session", data: ["session": "s9"])])
    }
}
