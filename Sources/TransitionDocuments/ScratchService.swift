import JSONRPC
import TransitionService

/// A private daemon in the process: the methods' own table over its own sessions, so a
/// document is checked, sampled and exported by exactly the code that serves the
/// requests it stands for. Nobody else sees its sessions; nothing ticks (the time is 0).
final class ScratchService {
    /// What a method answered.
    enum Reply {
        case result(JSONValue)
        case error(code: Int, message: String, data: JSONValue?)
    }

    private var dispatcher: Dispatcher
    private var nextID: Int64 = 1

    init(limits: ServiceLimits = ServiceLimits()) {
        let host = SessionHost(limits: limits)
        dispatcher = Dispatcher(
            registry: MethodTable.registry(host: host, now: { 0 }, onInitialize: { _, _ in }))
        _ = call("initialize", ["capabilities": [:]])
    }

    /// Calls `method` with `params` and returns its reply.
    func call(_ method: String, _ params: JSONObject) -> Reply {
        var writer = JSONByteWriter()
        let id = nextID
        nextID += 1
        writer.writeRequest(id: .integer(id), method: method, params: JSONValue.object(params))
        for action in dispatcher.handle(body: writer.bytes) {
            guard case .send(let bytes) = action, let reply = try? JSONValue(parsing: bytes)
            else { continue }
            if let result = reply["result"] { return .result(result) }
            if let error = reply["error"] {
                return .error(
                    code: Int(error["code"]?.int64Value ?? 0),
                    message: error["message"]?.stringValue ?? "", data: error["data"])
            }
        }
        return .error(code: -32603, message: "no reply", data: nil)
    }
}
