import JSONRPC
import TransitionEngine

// The results of the session methods, one type per shape, written member by member in
// the order the protocol documents.

extension JSONByteWriter {
    /// `"key": {"x", "y"}`, exact.
    mutating func write(_ key: StaticString, point: Point) {
        writeKey(key)
        PointPayload(point: point).encode(to: &self)
    }

    /// `"key": {"width", "height"}`.
    mutating func write(_ key: StaticString, size: Size) {
        writeKey(key)
        beginObject()
        writeKey("width")
        write(size.width)
        writeKey("height")
        write(size.height)
        endObject()
    }

    /// `"transition": "t<id>"`.
    mutating func write(transition id: Int) {
        writeKey("transition")
        write("t\(id)")
    }

    /// `"accessory": {name: value}`, only when there is at least one accessory value.
    mutating func write(accessory: [CustomValue]) {
        guard !accessory.isEmpty else { return }
        writeKey("accessory")
        beginObject()
        for v in accessory {
            writeKey(v.name)
            AttributeWriter.writeValue(v.value, to: &self)
        }
        endObject()
    }
}

/// `session/create`.
struct SessionCreated: JSONEncodable {
    var session: String
    /// Only when the session was given one.
    var name: String?
    var contentSize: Size
    var contentOffset: Point

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("session")
        w.write(session)
        if let name {
            w.writeKey("name")
            w.write(name)
        }
        w.write("contentSize", size: contentSize)
        w.write("contentOffset", point: contentOffset)
        w.endObject()
    }
}

/// `session/update`, and `session/subscribe` with the session's state and id.
struct RestingState: JSONEncodable {
    var contentSize: Size
    var contentOffset: Point
    /// What `session/subscribe` adds: the session's state, id and name.
    struct Subscription {
        var state: String
        var session: String
        var name: String?
    }

    /// Only `session/subscribe` names them.
    var subscribed: Subscription? = nil

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.write("contentSize", size: contentSize)
        w.write("contentOffset", point: contentOffset)
        if let subscribed {
            w.writeKey("state")
            w.write(subscribed.state)
            w.writeKey("session")
            w.write(subscribed.session)
            if let name = subscribed.name {
                w.writeKey("name")
                w.write(name)
            }
        }
        w.endObject()
    }
}

/// `session/scroll`.
struct ScrollResult: JSONEncodable {
    var contentOffset: Point

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.write("contentOffset", point: contentOffset)
        w.endObject()
    }
}

/// `session/list`.
struct SessionList: JSONEncodable {
    struct Entry: JSONEncodable {
        var session: String
        var name: String?
        /// The owner connection's process id (its `initialize`); nil when it gave none
        /// or the session outlived it.
        var ownerProcessID: Int64?
        /// Connections subscribed to it with `session/subscribe`.
        var subscribers: Int
        var clock: ClockKind
        var fps: Int
        var format: AttributeFormat
        var state: String
        var items: Int
        var layoutState: String
        var owned: Bool
        var subscribed: Bool
        var keepAlive: Bool

        func encode(to w: inout JSONByteWriter) {
            w.beginObject()
            w.writeKey("session")
            w.write(session)
            w.writeKey("name")
            if let name { w.write(name) } else { w.writeNull() }
            w.writeKey("ownerProcessId")
            if let ownerProcessID { w.write(ownerProcessID) } else { w.writeNull() }
            w.writeKey("subscribers")
            w.write(subscribers)
            w.writeKey("clock")
            w.write(clock.rawValue)
            w.writeKey("fps")
            w.write(fps)
            w.writeKey("encoding")
            w.write(format.encoding.rawValue)
            w.writeKey("state")
            w.write(state)
            w.writeKey("items")
            w.write(items)
            w.writeKey("layoutState")
            w.write(layoutState)
            w.writeKey("owned")
            w.write(owned)
            w.writeKey("subscribed")
            w.write(subscribed)
            w.writeKey("keepAlive")
            w.write(keepAlive)
            if let precision = format.precision {
                w.writeKey("precision")
                w.write(precision)
            }
            w.endObject()
        }
    }

    var sessions: [Entry]

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("sessions")
        sessions.encode(to: &w)
        w.endObject()
    }
}

/// `transition/start` and `transition/retarget`.
struct TransitionStarted: JSONEncodable {
    var transition: Int
    var toContentOffset: Point
    var toContentSize: Size
    var duration: Double

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.write(transition: transition)
        w.write("toContentOffset", point: toContentOffset)
        w.write("toContentSize", size: toContentSize)
        w.writeKey("duration")
        w.write(duration)
        w.endObject()
    }
}

/// `transition/status`, also the result of scrub, finish and cancel.
struct TransitionStatus: JSONEncodable {
    /// The frame of the transition in flight; nil at rest.
    struct InFlight {
        var state: String
        var transition: Int
        var sample: AnimatorSample
    }

    var session: String
    var time: Double
    var contentOffset: Point
    /// The accessory values at rest or at this frame.
    var accessory: [CustomValue]
    var inFlight: InFlight?

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        writeMembers(to: &w)
        w.endObject()
    }

    /// The members without the braces (`transition/release` adds its own after them).
    func writeMembers(to w: inout JSONByteWriter) {
        w.writeKey("session")
        w.write(session)
        w.writeKey("state")
        guard let inFlight else {
            w.write("idle")
            w.writeKey("time")
            w.write(time)
            w.write("contentOffset", point: contentOffset)
            w.write(accessory: accessory)
            return
        }
        w.write(inFlight.state)
        w.write(transition: inFlight.transition)
        w.writeKey("time")
        w.write(time)
        w.writeKey("fraction")
        w.write(inFlight.sample.fraction)
        w.writeKey("progress")
        w.write(inFlight.sample.progress)
        w.writeKey("velocity")
        w.write(inFlight.sample.velocity)
        w.write("contentOffset", point: contentOffset)
        w.write(accessory: accessory)
    }
}

/// `transition/release`: the status after the decision, then the decision.
struct ReleaseResult: JSONEncodable {
    var status: TransitionStatus
    var outcome: ReleaseOutcome

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        status.writeMembers(to: &w)
        w.writeKey("decision")
        w.write(outcome.decision.rawValue)
        w.writeKey("projectedProgress")
        w.write(outcome.projectedProgress)
        w.endObject()
    }
}

/// `transition/sample`: one frame of the transition at a given time or progress.
struct SampleResult: JSONEncodable {
    var sample: AnimatorSample
    var contentOffset: Point
    var contentSize: Size
    var accessory: [CustomValue]
    /// Nil for a hypothetical transition, which never existed.
    var transition: Int?
    var attributes: [LayoutAttributes]
    var format: AttributeFormat
    var kinds: ElementKindTable

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("fraction")
        w.write(sample.fraction)
        w.writeKey("progress")
        w.write(sample.progress)
        w.write("contentOffset", point: contentOffset)
        w.write("contentSize", size: contentSize)
        w.write(accessory: accessory)
        if let transition { w.write(transition: transition) }
        w.writeKey("attributes")
        AttributeWriter.write(attributes, format: format, kinds: kinds, to: &w)
        w.endObject()
    }
}

/// `transition/cancelInPlace`.
struct CancelledInPlace: JSONEncodable {
    var contentSize: Size
    var contentOffset: Point
    var progress: Double

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.write("contentSize", size: contentSize)
        w.write("contentOffset", point: contentOffset)
        w.writeKey("progress")
        w.write(progress)
        w.endObject()
    }
}
