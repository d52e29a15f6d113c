import JSONRPC
import TransitionEngine

/// A named `keepAlive` session at rest, as its state file holds it: the params of the
/// `session/create` that would make it again (name, viewport, content inset, sections,
/// the layout at rest, content offset, clock, fps, encoding, keepAlive, reducedMotion
/// when true), plus the format's name and version, a manual clock's time and the
/// session's rate when it is not 1. `Protocol/README.md` ("Durable
/// sessions") describes the format and the recovery rules.
///
/// Pure: bytes in, bytes out. The daemon reads and writes the files.
package struct SessionState {
    /// The `format` member every state file starts with.
    static let formatName = "transitiond.session"
    /// The version this daemon writes and reads; a file of another version is set aside.
    static let formatVersion = 1

    /// The session's parameters, decoded as `session/create` decodes them.
    var request: SessionCreateRequest
    /// A manual clock's time in seconds (0 for a realtime clock, which starts anew).
    var time: Double
    /// How fast the session's time runs (`clock/setRate`).
    var rate: Double

    /// The session's name (a state file always has one).
    package var name: String { request.name ?? "" }

    /// The bytes of `s`'s state at rest: the layout it rests in (while a transition is in
    /// flight: the layout that transition started from), with the offset it has there.
    static func encode(_ s: Session) -> [UInt8] {
        let placed = s.scene.placed
        var w = JSONByteWriter(capacity: 1024)
        w.beginObject()
        w.writeKey("format")
        w.write(formatName)
        w.writeKey("version")
        w.write(formatVersion)
        w.writeKey("name")
        w.write(s.name ?? "")
        w.writeKey("keepAlive")
        w.write(s.keepAlive)
        if s.reducedMotion {
            w.writeKey("reducedMotion")
            w.write(true)
        }
        w.write("viewport", size: placed.viewport.size)
        w.write("contentInset", insets: placed.viewport.contentInset)
        w.write(sections: placed.layout.model)
        w.write(layout: placed.restingSpec(kinds: s.kinds))
        w.write("contentOffset", point: placed.contentOffset)
        w.writeKey("clock")
        w.write(s.clock.rawValue)
        if s.clock == .manual {
            w.writeKey("time")
            w.write(s.manualTime)
        }
        if s.rate != 1 {
            w.writeKey("rate")
            w.write(s.rate)
        }
        w.writeKey("fps")
        w.write(s.fps)
        w.writeKey("encoding")
        w.write(s.format.encoding.rawValue)
        if let precision = s.format.precision {
            w.writeKey("precision")
            w.write(precision)
        }
        w.endObject()
        return w.bytes + [UInt8(ascii: "\n")]
    }

    /// Decodes a state file's bytes. Everything the file says is checked as
    /// `session/create` checks its params (the layout against the viewport and items is
    /// checked when the host restores it); any member it does not know is refused.
    /// - Throws: `SessionStateError` naming what is wrong (the field, for a member).
    package init(decoding bytes: [UInt8], maximumDepth: Int) throws(SessionStateError) {
        let value: JSONValue
        do {
            value = try JSONParser(maximumDepth: maximumDepth).parse(bytes)
        } catch {
            throw SessionStateError(reason: "not JSON: \(error)")
        }
        guard case .object = value else { throw SessionStateError(reason: "not a JSON object") }
        let json = JSONCursor(value, path: "state", checkingMembers: true)
        let version: Int
        do throws(JSONDecodingError) {
            let format: String = try json["format"].decode()
            guard format == Self.formatName else {
                throw json["format"].invalid("\"\(Self.formatName)\"")
            }
            version = try json["version"].decode()
        } catch {
            throw SessionStateError(reason: error.description)
        }
        guard version == Self.formatVersion else {
            throw SessionStateError(
                reason: "format version \(version); this daemon reads version \(Self.formatVersion)"
            )
        }
        do throws(JSONDecodingError) {
            request = try SessionCreateRequest(json: json)
            time = try json["time"].decode(default: 0)
            guard time.isFinite, time >= 0 else { throw json["time"].invalid("a number >= 0") }
            rate = try json["rate"].decode(default: 1)
            guard rate.isFinite, Session.rates.contains(rate) else {
                throw json["rate"].invalid("a number from 0.01 to 100")
            }
            if let unknown = json.unknownMember() { throw unknown }
        } catch {
            throw SessionStateError(reason: error.description)
        }
        guard let name = request.name else {
            throw SessionStateError(reason: "state.name: a durable session has a name")
        }
        do {
            try SessionName.validate(name)
        } catch {
            throw SessionStateError(reason: "state.\(error.field): \(error.message)")
        }
        guard request.keepAlive else {
            throw SessionStateError(reason: "state.keepAlive: a durable session is kept alive")
        }
    }
}

/// Why a state file cannot be restored, for the log line that sets it aside.
package struct SessionStateError: Error, CustomStringConvertible {
    package var reason: String
    package var description: String { reason }

    package init(reason: String) {
        self.reason = reason
    }
}
