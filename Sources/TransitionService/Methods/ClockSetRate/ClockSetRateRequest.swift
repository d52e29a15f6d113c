import JSONRPC
import TransitionProtocol

/// `clock/setRate`: how fast a session's time runs against its clock (realtime or
/// manual), from now on; 1 is normal speed.
struct ClockSetRateRequest: RequestType {
    typealias Response = ClockRate
    static let method = RequestMethod.clockSetRate.rawValue

    var session: String
    var rate: Double

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        rate = try json["rate"].decode()
    }
}
