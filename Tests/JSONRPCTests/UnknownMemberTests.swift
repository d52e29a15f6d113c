import Testing

@testable import JSONRPC

/// A member a method's params type never reads is refused, naming it and the nearest
/// name the type reads; `initialize` and `shutdown` take what LSP clients add, and a
/// client may ask for the lenient behaviour in `initializationOptions`.
struct UnknownMemberTests {
    private func call(_ dispatcher: inout Dispatcher, _ id: Int, _ method: String, _ params: String)
        -> JSONValue?
    {
        dispatcher.exchange(
            #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#
        )
        .first
    }

    @Test func aMisspeltMemberIsRefusedWithTheNearestKnownName() {
        var dispatcher = initializedDispatcher()
        let reply = call(
            &dispatcher, 1, "session/create",
            #"{"viewport":{"width":3,"height":4},"sections":[1],"fsp":30}"#)
        #expect(
            reply
                == errorResponse(
                    1, -32602, "Invalid params: params.fsp: unknown member; did you mean `fps`?",
                    data: [
                        "field": "params.fsp", "path": ["params", "fsp"],
                        "reason": "unknown member; did you mean `fps`?", "suggestion": "fps",
                    ]))
    }

    @Test func aNestedUnknownMemberIsNamedByItsPath() {
        var dispatcher = initializedDispatcher()
        let reply = call(
            &dispatcher, 1, "session/create",
            #"{"viewport":{"width":3,"height":4,"depth":5},"sections":[1]}"#)
        #expect(
            reply
                == errorResponse(
                    1, -32602, "Invalid params: params.viewport.depth: unknown member",
                    data: [
                        "field": "params.viewport.depth", "path": ["params", "viewport", "depth"],
                        "reason": "unknown member",
                    ]))
    }

    @Test func aMisspeltRequiredMemberIsNamedRatherThanTheMissingOne() {
        var dispatcher = initializedDispatcher()
        let reply = call(
            &dispatcher, 1, "session/create", #"{"viewport":{"width":3,"height":4},"section":[1]}"#)
        #expect(
            reply
                == errorResponse(
                    1, -32602,
                    "Invalid params: params.section: unknown member; did you mean `sections`, which is missing?",
                    data: [
                        "field": "params.section", "path": ["params", "section"],
                        "reason": "unknown member; did you mean `sections`, which is missing?",
                        "suggestion": "sections",
                    ]))
    }

    @Test func membersReadAbsentAreKnownAndAMethodWithoutParamsKnowsNone() {
        var dispatcher = initializedDispatcher()
        // `fps` is read (absent or null): known.
        #expect(
            call(
                &dispatcher, 1, "session/create",
                #"{"viewport":{"width":3,"height":4},"sections":[1],"fps":null}"#)
                == resultResponse(1, ["width": 3, "sections": 1]))
        // get_data reads nothing: any member is unknown, with no suggestion.
        #expect(
            call(&dispatcher, 2, "get_data", #"{"verbose":true}"#)
                == errorResponse(
                    2, -32602, "Invalid params: params.verbose: unknown member",
                    data: [
                        "field": "params.verbose", "path": ["params", "verbose"],
                        "reason": "unknown member",
                    ]))
    }

    @Test func lspMessagesTakeMembersOfTheirOwn() {
        var dispatcher = Dispatcher(registry: exampleRegistry())
        #expect(
            call(&dispatcher, 1, "initialize", #"{"rootUri":null,"workspaceFolders":[]}"#)
                == resultResponse(1, ["capabilities": [:]]))
        #expect(dispatcher.unknownMembers == .refused)
        #expect(call(&dispatcher, 2, "shutdown", #"{"extra":1}"#) == resultResponse(2, nil))
    }

    @Test func aClientMayAskForUnknownMembersToBeIgnored() {
        var dispatcher = Dispatcher(registry: exampleRegistry())
        _ = call(
            &dispatcher, 1, "initialize", #"{"initializationOptions":{"unknownMembers":"ignore"}}"#)
        #expect(dispatcher.unknownMembers == .ignored)
        #expect(
            call(
                &dispatcher, 2, "session/create",
                #"{"viewport":{"width":3,"height":4},"sections":[1],"fromTheFuture":1}"#)
                == resultResponse(2, ["width": 3, "sections": 1]))
    }

    @Test func anUnknownPolicyIsRefusedAndOtherOptionsAreNotOurs() {
        var dispatcher = Dispatcher(registry: exampleRegistry())
        #expect(
            call(
                &dispatcher, 1, "initialize",
                #"{"initializationOptions":{"unknownMembers":"skip"}}"#)
                == errorResponse(
                    1, -32602,
                    "Invalid params: params.initializationOptions.unknownMembers: expected one of refuse, ignore",
                    data: [
                        "field": "params.initializationOptions.unknownMembers",
                        "path": ["params", "initializationOptions", "unknownMembers"],
                        "reason": "expected one of refuse, ignore",
                        "expected": "one of refuse, ignore",
                        "found": "\"skip\"",
                    ]))
        #expect(
            call(&dispatcher, 2, "initialize", #"{"initializationOptions":"editor's own"}"#)
                == resultResponse(2, ["capabilities": [:]]))
    }

    @Test func onlyObjectsAndTheArraysHoldingThemTakeASlot() throws {
        let params: JSONValue = [
            "sizes": [[1, 2], [3, 4], [5, 6]], "items": [["id": 1], ["id": 2]], "ids": [1, 2],
        ]
        let cursor = JSONCursor(params, checkingMembers: true)
        _ = try cursor["sizes"].decode([[Double]].self)
        _ = try cursor["ids"].decode([Int].self)
        for item in try cursor["items"].elements() { _ = try item["id"].decode(Int.self) }
        // The root, `items` and its two objects; no slot for the pairs or the ids.
        #expect(cursor.ledger?.entries.count == 4)
        #expect(cursor.unknownMember() == nil)
    }

    @Test func nearestNamesAllowCaseSwapsAndAThirdOfTheLength() {
        #expect(
            NearestName.to("interactiv", among: ["session", "interactive", "duration"])
                == "interactive")
        #expect(NearestName.to("velocty", among: ["velocity", "threshold"]) == "velocity")
        #expect(NearestName.to("velcoity", among: ["velocity"]) == "velocity")
        #expect(NearestName.to("keepalive", among: ["keepAlive", "name"]) == "keepAlive")
        #expect(NearestName.to("spacng", among: ["rowHeight", "spacing"]) == "spacing")
        #expect(NearestName.to("colour", among: ["clock", "fps"]) == nil)
        #expect(NearestName.distance("kitten", "sitting") == 3)
        #expect(NearestName.distance("", "abc") == 3)
    }

    /// Params without members (`{}`, `[]`, none) have nothing to check: their cursor keeps
    /// no ledger, and decoding them fails or succeeds as without checking.
    @Test func paramsWithoutMembersAreDecodedAsWithoutChecking() {
        for params: JSONValue? in [nil, [:], []] {
            let checked = JSONCursor(params, checkingMembers: true)
            #expect(checked.ledger == nil)
            #expect(checked.unknownMember() == nil)
            let plain = JSONCursor(params)
            let expected = Result { () throws(JSONDecodingError) in
                try CreateSessionRequest(json: plain)
            }.map { _ in true }
            let got = Result { () throws(JSONDecodingError) in
                try CreateSessionRequest(json: checked)
            }.map { _ in true }
            #expect(got == expected)
            if case .failure(let error) = got { #expect(checked.misspelling(behind: error) == nil) }
        }
        for params: JSONValue in [["fps": 30], [1]] {
            #expect(JSONCursor(params, checkingMembers: true).ledger != nil)
        }
    }
}
