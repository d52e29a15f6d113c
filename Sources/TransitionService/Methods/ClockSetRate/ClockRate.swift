import JSONRPC

/// The result of `clock/setRate`: the session, its new rate and its time at the change.
struct ClockRate: JSONEncodable {
    var session: String
    var rate: Double
    var time: Double

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("session")
        w.write(session)
        w.writeKey("rate")
        w.write(rate)
        w.writeKey("time")
        w.write(time)
        w.endObject()
    }
}
