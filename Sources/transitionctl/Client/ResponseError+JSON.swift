import JSONRPC
import TransitionProtocol

extension ResponseError {
    /// `{"code", "message", "data"?}`, as the daemon sent it.
    var json: JSONValue {
        var o: JSONObject = ["code": .integer(Int64(code.rawValue)), "message": .string(message)]
        if let data { o["data"] = data }
        return .object(o)
    }
}
