import JSONRPC
import TransitionEngine

/// `{"x", "y"}`.
struct PointPayload: JSONEncodable {
    var point: Point
    /// Decimal places (-1: exact).
    var decimals = -1
    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("x")
        w.write(point.x, decimals: decimals)
        w.writeKey("y")
        w.write(point.y, decimals: decimals)
        w.endObject()
    }
}
