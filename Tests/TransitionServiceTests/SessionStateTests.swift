import JSONRPC
import Testing
import TransitionEngine

@testable import TransitionService

/// The state file of a durable session (named, keepAlive): what is written at rest, what
/// is restored from it, and what is refused.
@Suite struct SessionStateTests {
    static func parse(_ text: String) -> JSONCursor { SessionHostTests.parse(text) }

    static func durableHost() -> SessionHost {
        let host = SessionHost()
        host.recordsDurableState = true
        return host
    }

    /// Creates a named keepAlive session on `host` from these params (name and keepAlive
    /// added).
    @discardableResult
    static func create(_ host: SessionHost, name: String = "preview", _ params: String) throws
        -> String
    {
        let r = try SessionCreateRequest(
            json: parse(#"{"name":"\#(name)","keepAlive":true,\#(params)}"#))
        return try host.create(r, connection: 1, now: 0).session
    }

    static func written(_ host: SessionHost) -> [UInt8]? {
        for change in host.takeStateChanges() {
            if case .write(_, let bytes) = change { return bytes }
        }
        return nil
    }

    /// Restores `bytes` in a new host; returns it and the session.
    static func restored(_ bytes: [UInt8]) throws -> (SessionHost, Session) {
        let state = try SessionState(decoding: bytes, maximumDepth: 64)
        let host = durableHost()
        let id = try host.restore(state, now: 5_000_000_000)
        return (host, try host.session(id))
    }

    static func everything(_ s: Session) -> [LayoutAttributes] {
        var list: [LayoutAttributes] = []
        _ = s.scene.placed.layout.forEachAttributes(in: .everything, limit: Int.max) {
            list.append($0)
        }
        return list.sorted { ($0.kind, $0.indexPath) < ($1.kind, $1.indexPath) }
    }

    static let layouts: [String] = [
        #"{"type":"list","rowHeight":60,"spacing":2,"inset":{"top":1,"left":2,"bottom":3,"right":4},"headerHeight":20,"footerHeight":10}"#,
        #"{"type":"grid","columns":3,"spacing":4,"lineSpacing":6,"aspectRatio":1.5,"itemHeight":80,"inset":{"top":8}}"#,
        #"{"type":"flow","itemSize":{"width":50,"height":40},"minimumLineSpacing":3,"minimumInteritemSpacing":5,"sectionInset":{"left":7},"headerReferenceSize":{"width":0,"height":30},"scrollDirection":"horizontal"}"#,
        #"{"type":"displaySwitch","mode":"grid","staticCellHeight":100,"columns":2,"padding":4,"accessory":{"rotation":0.5,"strokeEnd":1}}"#,
        #"{"type":"explicit","frames":[[0,0,10,10],{"frame":[10,0,10,10],"alpha":0.5,"zIndex":2,"transform":{"scale":2,"rotation":0.25}},[20,0,10,10.5]],"contentSize":{"width":30,"height":11},"supplementary":[{"kind":"badge","indexPath":[0,1],"frame":[12,0,4,4],"alpha":0.75}]}"#,
        ##"{"type":"list","rowHeight":44,"values":{"background":"#ff000080","label":"a","on":true,"offset":3},"state":"compact","itemStyles":[{"items":[[0,1]],"alpha":0.5,"values":{"offset":5}},{"ids":["c"],"zIndex":3}],"supplementary":[{"kind":"badge","attach":"item","size":{"width":8,"height":8},"anchor":{"x":1,"y":0},"offset":{"x":-2,"y":2},"items":[[0,0]],"alpha":0.5}]}"##,
        ##"{"type":"grid","columns":2,"cellStyle":{"cornerRadius":12,"border":{"width":1,"color":"#102030"},"shadow":{"radius":6,"opacity":0.3,"offset":{"x":0,"y":2}}},"itemStyles":[{"items":[[0,1]],"cornerRadius":[1,2,3,4],"shadow":{"radius":2,"color":"#ff0000"}}]}"##,
        ##"{"type":"explicit","frames":[[0,0,10,10],{"frame":[10,0,10,10],"cornerRadius":3,"border":{"width":0.5}},[20,0,10,10]]}"##,
    ]

    @Test(arguments: layouts)
    func everyLayoutRoundTripsToTheSameAttributesAndBytes(layout: String) throws {
        let host = Self.durableHost()
        let id = try Self.create(
            host,
            #""viewport":{"width":320,"height":200},"contentInset":{"top":5,"bottom":6},"sections":[{"items":3,"ids":["a","b","c"],"sizes":[[10,20],[30,40],[50,60]]}],"layout":\#(layout)"#
        )
        let bytes = try #require(Self.written(host))
        let (again, restored) = try Self.restored(bytes)
        #expect(Self.everything(restored) == Self.everything(try host.session(id)))
        #expect(restored.scene.placed.accessory == (try host.session(id)).scene.placed.accessory)
        // Written again, the state is the same bytes.
        #expect(SessionState.encode(restored) == bytes)
        _ = again
    }

    @Test func everyFieldOfTheSessionRoundTrips() throws {
        let host = Self.durableHost()
        let id = try Self.create(
            host, name: "édition ✓",
            #""viewport":{"width":375,"height":667},"contentInset":{"top":20,"left":0,"bottom":34,"right":0},"sections":[{"items":40},{"items":2,"ids":[7,8]}],"layout":{"type":"list","rowHeight":60},"contentOffset":{"x":0,"y":100.25},"clock":"manual","fps":30,"encoding":"compact","precision":2"#
        )
        _ = try host.scroll(
            SessionScrollRequest(
                json: Self.parse(#"{"session":"\#(id)","contentOffset":{"x":0,"y":321.5}}"#)))
        _ = try host.advance(
            ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(id)","to":2.5}"#)), now: 0)
        let original = try host.session(id)
        // clock/advance at rest is not a change: the scroll's write carries the time then.
        let bytes = SessionState.encode(original)
        let (_, s) = try Self.restored(bytes)
        #expect(s.name == "édition ✓")
        #expect(s.keepAlive)
        #expect(s.owner == nil)
        #expect(s.clock == .manual)
        #expect(s.manualTime == 2.5)
        #expect(s.fps == 30)
        #expect(s.format.encoding == .compact)
        #expect(s.format.precision == 2)
        #expect(s.scene.placed.viewport == original.scene.placed.viewport)
        #expect(s.scene.placed.contentOffset == Point(x: 0, y: 321.5))
        #expect(s.scene.model == original.scene.model)
        #expect(s.state == "idle")
    }

    @Test func reducedMotionIsWrittenWhenTrueAndChangedByUpdate() throws {
        let host = Self.durableHost()
        let id = try Self.create(
            host,
            #""viewport":{"width":200,"height":100},"sections":[{"items":3}],"layout":{"type":"list","rowHeight":40},"reducedMotion":true"#
        )
        let bytes = try #require(Self.written(host))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""reducedMotion":true"#))
        let (_, restored) = try Self.restored(bytes)
        #expect(restored.reducedMotion)
        _ = try host.update(
            SessionUpdateRequest(
                json: Self.parse(#"{"session":"\#(id)","reducedMotion":false}"#)))
        let updated = try #require(Self.written(host))
        #expect(!String(decoding: updated, as: UTF8.self).contains("reducedMotion"))
        #expect(try !Self.restored(updated).1.reducedMotion)
    }

    @Test func theRateIsWrittenWhenSetAndRestored() throws {
        let host = Self.durableHost()
        let id = try Self.create(
            host,
            #""viewport":{"width":200,"height":100},"sections":[{"items":3}],"layout":{"type":"list","rowHeight":40},"clock":"manual""#
        )
        let first = try #require(Self.written(host))
        #expect(!String(decoding: first, as: UTF8.self).contains("rate"))
        _ = try PlaybackRateTests.setRate(host, id, 0.25, now: 1_000_000_000)
        let bytes = try #require(Self.written(host))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""rate":0.25"#))
        let (restoredHost, restored) = try Self.restored(bytes)
        #expect(restored.rate == 0.25)
        // The restored session runs at that rate: advancing its clock by 1 s moves its time 0.25 s.
        _ = try restoredHost.advance(
            ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(restored.id)","by":1}"#)), now: 0)
        #expect(restored.time(at: 0) == 0.25)
        // Back to 1: the member is left out again; out of range, the file is refused.
        _ = try PlaybackRateTests.setRate(host, id, 1, now: 2_000_000_000)
        #expect(!String(decoding: try #require(Self.written(host)), as: UTF8.self).contains("rate"))
        let refused = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: #""rate":0.25"#, with: #""rate":1000"#)
        #expect(throws: SessionStateError.self) {
            try SessionState(decoding: Array(refused.utf8), maximumDepth: 64)
        }
    }

    @Test func aTransitionInFlightIsWrittenAsTheRestItStartedFrom() throws {
        let host = Self.durableHost()
        let id = try Self.create(
            host,
            #""viewport":{"width":375,"height":667},"sections":[{"items":100}],"layout":{"type":"list","rowHeight":60},"contentOffset":{"x":0,"y":600},"clock":"manual""#
        )
        let atRest = try #require(Self.written(host))
        try SessionHostTests.start(host, id, duration: 1)
        _ = try host.advance(
            ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(id)","by":0.5}"#)), now: 0)
        // Starting and running are not changes at rest: nothing to write.
        #expect(host.takeStateChanges().isEmpty)
        // Asked mid-flight, the state is the layout the transition started from (at the
        // session's present time).
        for bytes in [atRest, SessionState.encode(try host.session(id))] {
            let (_, s) = try Self.restored(bytes)
            #expect(s.scene.placed.layout.stateName == "list")
            #expect(s.scene.placed.contentOffset == Point(x: 0, y: 600))
            #expect(!s.isAnimating)
        }
        // Its end is a change at rest: the destination is written.
        _ = try host.advance(
            ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(id)","by":0.5}"#)), now: 0)
        let ended = try #require(Self.written(host))
        let (_, after) = try Self.restored(ended)
        #expect(after.scene.placed.layout.stateName == "grid")
        #expect(
            after.scene.placed.contentOffset == (try host.session(id)).scene.placed.contentOffset)
    }

    @Test func posesFrozenByCancelInPlaceAreRestoredAsAnExplicitLayout() throws {
        let host = Self.durableHost()
        let id = try Self.create(
            host,
            #""viewport":{"width":375,"height":667},"sections":[{"items":12}],"layout":{"type":"list","rowHeight":60,"values":{"hue":0},"cellStyle":{"cornerRadius":0}},"clock":"manual""#
        )
        _ = host.takeStateChanges()
        let r = try TransitionStartRequest(
            json: Self.parse(
                #"{"session":"\#(id)","to":{"type":"grid","columns":3,"values":{"hue":1},"cellStyle":{"cornerRadius":10}},"duration":1,"contentFade":"cross"}"#
            ))
        _ = try host.start(r, now: 0)
        _ = try host.advance(
            ClockAdvanceRequest(json: Self.parse(#"{"session":"\#(id)","by":0.4}"#)), now: 0)
        _ = try host.cancelInPlace(id, now: 0)
        let bytes = try #require(Self.written(host))
        let (_, s) = try Self.restored(bytes)
        let frozen = Self.everything(try host.session(id))
        let back = Self.everything(s)
        #expect(back.count == frozen.count)
        for (a, b) in zip(frozen, back) {
            #expect(a.key == b.key)
            #expect(Swift.abs(a.frame.minX - b.frame.minX) < 1e-9)
            #expect(Swift.abs(a.frame.minY - b.frame.minY) < 1e-9)
            #expect(Swift.abs(a.frame.size.width - b.frame.size.width) < 1e-9)
            #expect(a.values == b.values)
            // Shapes are kept (the radius 4 of that moment), content layers are not.
            #expect(a.shape == b.shape && b.shape?.cornerRadius?.uniform == 4)
        }
        #expect(s.scene.placed.contentOffset == (try host.session(id)).scene.placed.contentOffset)
        #expect(
            s.scene.placed.layout.stateName == (try host.session(id)).scene.placed.layout.stateName)
    }

    @Test func changesAreOneWritePerCallAndARemovalAtDispose() throws {
        let host = Self.durableHost()
        let id = try Self.create(
            host,
            #""viewport":{"width":100,"height":100},"sections":[{"items":50}],"layout":{"type":"list","rowHeight":10}"#
        )
        for y in [10, 20, 30] {
            _ = try host.scroll(
                SessionScrollRequest(
                    json: Self.parse(#"{"session":"\#(id)","contentOffset":{"x":0,"y":\#(y)}}"#)))
        }
        let changes = host.takeStateChanges()
        #expect(changes.count == 1)
        guard case .write(let name, let bytes)? = changes.first else {
            Issue.record("expected a write")
            return
        }
        #expect(name == "preview")
        #expect(try Self.restored(bytes).1.scene.placed.contentOffset == Point(x: 0, y: 30))
        try host.dispose(id, now: 0)
        let removal = host.takeStateChanges()
        #expect(removal.count == 1)
        if case .remove(let name)? = removal.first {
            #expect(name == "preview")
        } else {
            Issue.record("expected a removal")
        }
    }

    @Test func onlyNamedKeepAliveSessionsOfARecordingHostChange() throws {
        let host = Self.durableHost()
        _ = try SessionHostTests.create(host, keepAlive: true)  // no name
        let unnamedKept = try SessionCreateRequest(
            json: Self.parse(
                #"{"name":"fleeting","viewport":{"width":100,"height":100},"sections":[{"items":5}],"layout":{"type":"list","rowHeight":10}}"#
            ))
        _ = try host.create(unnamedKept, connection: 1, now: 0)
        #expect(host.takeStateChanges().isEmpty)
        let quiet = SessionHost()
        try Self.create(
            quiet,
            #""viewport":{"width":100,"height":100},"sections":[{"items":5}],"layout":{"type":"list","rowHeight":10}"#
        )
        #expect(quiet.takeStateChanges().isEmpty)
    }

    static let valid =
        #"{"format":"transitiond.session","version":1,"name":"n","keepAlive":true,"viewport":{"width":100,"height":100},"sections":[{"items":5}],"layout":{"type":"list","rowHeight":10},"clock":"realtime","fps":60,"encoding":"objects"}"#

    static let corrupt: [(text: String, reason: String)] = [
        ("", "not JSON"),
        ("{\"format\":", "not JSON"),
        ("[1]", "not a JSON object"),
        (valid.replacingOccurrences(of: "transitiond.session", with: "other"), "state.format"),
        (
            valid.replacingOccurrences(of: "\"version\":1", with: "\"version\":2"),
            "format version 2"
        ),
        (valid.replacingOccurrences(of: "\"name\":\"n\",", with: ""), "state.name"),
        (valid.replacingOccurrences(of: "\"name\":\"n\"", with: "\"name\":\"\""), "state.name"),
        (
            valid.replacingOccurrences(of: "\"keepAlive\":true", with: "\"keepAlive\":false"),
            "state.keepAlive"
        ),
        (
            valid.replacingOccurrences(of: "\"fps\":60", with: "\"fps\":60,\"extra\":1"),
            "state.extra"
        ),
        (
            valid.replacingOccurrences(of: "\"rowHeight\":10", with: "\"rowHeight\":\"10\""),
            "state.layout.rowHeight"
        ),
        (
            valid.replacingOccurrences(
                of: "\"clock\":\"realtime\"", with: "\"clock\":\"manual\",\"time\":-1"),
            "state.time"
        ),
    ]

    @Test(arguments: corrupt)
    func corruptFilesAreRefusedWithTheirReason(file: (text: String, reason: String)) {
        #expect(throws: SessionStateError.self) {
            try SessionState(decoding: Array(file.text.utf8), maximumDepth: 64)
        }
        do {
            _ = try SessionState(decoding: Array(file.text.utf8), maximumDepth: 64)
        } catch {
            #expect(error.reason.contains(file.reason), "\(error.reason)")
        }
    }

    @Test func aValidFileRestoresAndEveryTruncationOfItIsRefused() throws {
        let bytes = Array(Self.valid.utf8)
        _ = try Self.restored(bytes)
        for end in 0..<bytes.count {
            #expect(throws: SessionStateError.self) {
                try SessionState(decoding: Array(bytes[..<end]), maximumDepth: 64)
            }
        }
    }

    @Test func aLayoutThatDoesNotFitItsItemsIsRefusedWhenRestored() throws {
        let text = Self.valid.replacingOccurrences(
            of: #"{"type":"list","rowHeight":10}"#,
            with: #"{"type":"explicit","frames":[[0,0,1,1]]}"#)
        let state = try SessionState(decoding: Array(text.utf8), maximumDepth: 64)
        #expect(throws: ResponseError.self) { try SessionHost().restore(state, now: 0) }
    }

    @Test func aRestoredNameIsTakenOnlyOnce() throws {
        let state = try SessionState(decoding: Array(Self.valid.utf8), maximumDepth: 64)
        let host = Self.durableHost()
        _ = try host.restore(state, now: 0)
        #expect(throws: ResponseError.self) { try host.restore(state, now: 0) }
        // Restoring is not a change: the file is already there.
        #expect(host.takeStateChanges().isEmpty)
    }

    @Test func fileNamesAreSafeDistinctAndBounded() {
        #expect(SessionStateFile.fileName(for: "preview-1_A") == "preview-1_A.json")
        #expect(SessionStateFile.fileName(for: "a/b") == "a%2Fb.json")
        #expect(SessionStateFile.fileName(for: "..") == "%2E%2E.json")
        #expect(SessionStateFile.fileName(for: ".hidden") == "%2Ehidden.json")
        #expect(SessionStateFile.fileName(for: "100%") == "100%25.json")
        #expect(SessionStateFile.fileName(for: "é") == "%C3%A9.json")
        let long = String(repeating: "✓", count: 64)
        let other = String(repeating: "✓", count: 63) + "✗"
        let a = SessionStateFile.fileName(for: long)
        let b = SessionStateFile.fileName(for: other)
        #expect(a != b)
        #expect(a.utf8.count <= 255 && b.utf8.count <= 255)
        #expect(a.contains("~"))
        #expect(!a.contains("/"))
        #expect(SessionStateFile.isStateFile(a))
        #expect(!SessionStateFile.isStateFile("x.json.corrupt"))
        #expect(!SessionStateFile.isStateFile(".x.json.tmp"))
    }
}

/// The hub hands the durable sessions' changes to the daemon, before the replies.
@Suite struct HubStateChangeTests {
    @Test func aRequestsChangeIsHandedOverBeforeItsReplyIsWritten() throws {
        let harness = HubHarness()
        harness.hub.host.recordsDurableState = true
        let client = harness.connect()
        var seen: [(change: String, writesBefore: Int)] = []
        harness.hub.onStateChanges = { host in
            for change in host.takeStateChanges() {
                seen.append((change.name, client.writes.count))
            }
        }
        client.clearWrites()
        let created = harness.call(
            client, 2, "session/create",
            #"{"name":"kept","keepAlive":true,"viewport":{"width":100,"height":100},"sections":[{"items":5}],"layout":{"type":"list","rowHeight":10}}"#
        )
        #expect(created?["name"]?.stringValue == "kept")
        #expect(seen.map(\.change) == ["kept"])
        // Nothing was written to the client before the change was handed over.
        #expect(seen.first?.writesBefore == 0)
        // A session without a name changes nothing durable.
        harness.createSession(client, id: 3)
        #expect(seen.count == 1)
    }
}
