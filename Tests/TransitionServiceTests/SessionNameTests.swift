import JSONRPC
import Testing
import TransitionEngine

@testable import TransitionService

/// Named sessions in the host: the rules a name follows, uniqueness among live sessions,
/// subscribing by name, and what `session/list` says of owners and subscribers.
@Suite struct SessionNameTests {
    static func create(
        _ host: SessionHost, name: String, connection: ConnectionID = 1, keepAlive: Bool = false
    )
        throws -> SessionCreated
    {
        var object: JSONObject = [
            "viewport": ["width": 375, "height": 667], "sections": [["items": 10]],
            "layout": ["type": "list", "rowHeight": 60], "clock": "manual",
            "keepAlive": .bool(keepAlive),
        ]
        object["name"] = .string(name)
        let r = try SessionCreateRequest(json: JSONCursor(.object(object)))
        return try host.create(r, connection: connection, now: 0)
    }

    @Test(arguments: ["a", "gallery preview", "ünïcödé ✓", String(repeating: "x", count: 64)])
    func acceptedNames(name: String) throws {
        try SessionName.validate(name)
    }

    @Test(arguments: [
        ("", "must not be empty"),
        (String(repeating: "x", count: 65), "must be at most 64 characters, got 65"),
        ("tab\there", "must not contain control characters"),
        ("line\nbreak", "must not contain control characters"),
    ])
    func refusedNames(name: String, reason: String) {
        #expect(throws: ValidationError(field: "name", message: reason)) {
            try SessionName.validate(name)
        }
    }

    @Test func aNameIsUniqueAmongLiveSessionsOnly() throws {
        let host = SessionHost()
        let first = try Self.create(host, name: "gallery")
        #expect(first.session == "s1" && first.name == "gallery")
        #expect(throws: ResponseError.nameTaken("gallery", by: "s1")) {
            _ = try Self.create(host, name: "gallery", connection: 2)
        }
        try host.dispose("s1", now: 0)
        #expect(try Self.create(host, name: "gallery", connection: 2).session == "s2")
    }

    @Test func subscribeByNameJoinsTheAudience() throws {
        let host = SessionHost()
        let s = try Self.create(host, name: "gallery").session
        let result = try host.subscribe(.name("gallery"), connection: 2)
        #expect(result.session == s && result.name == "gallery")
        #expect(host.liveSession(s)?.audience == [1, 2])
        #expect(throws: ResponseError.unknownSessionName("photos")) {
            _ = try host.subscribe(.name("photos"), connection: 2)
        }
    }

    @Test func theListShowsNameOwnerProcessAndSubscribers() throws {
        let host = SessionHost()
        host.identify(1, processID: 4242)
        host.identify(2, processID: nil)
        _ = try Self.create(host, name: "kept", keepAlive: true)
        _ = try host.subscribe(.id("s1"), connection: 2)
        _ = try host.subscribe(.id("s1"), connection: 3)
        var entry = host.list(connection: 2).sessions[0]
        #expect(entry.name == "kept" && entry.ownerProcessID == 4242 && entry.subscribers == 2)
        // The owner leaves; the kept-alive session has no owner process any more.
        host.connectionClosed(1, now: 0)
        entry = host.list(connection: 2).sessions[0]
        #expect(entry.ownerProcessID == nil && entry.subscribers == 2)
    }

    @Test func subscribeTakesSessionOrNameNotBoth() throws {
        let both = JSONCursor(["session": "s1", "name": "gallery"])
        #expect(throws: JSONDecodingError.self) { _ = try SessionSubscribeRequest(json: both) }
        #expect(
            try SessionSubscribeRequest(json: JSONCursor(["name": "gallery"])).target
                == .name("gallery"))
        #expect(
            try SessionSubscribeRequest(json: JSONCursor(["session": "s1"])).target == .id("s1"))
    }
}
