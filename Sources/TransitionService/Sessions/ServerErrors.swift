import JSONRPC
import TransitionEngine
import TransitionProtocol

extension ResponseError {
    static func unknownSession(_ id: String) -> ResponseError {
        ResponseError(
            code: .unknownSession,
            message:
                "No session '\(id)': create one with session/create, or list them with session/list",
            data: ["session": .string(id)])
    }

    static func noTransition(_ id: String) -> ResponseError {
        ResponseError(
            code: .noTransition,
            message:
                "No transition is in flight in session '\(id)': start one with transition/start",
            data: ["session": .string(id)])
    }

    static func transitionInFlight(_ id: String) -> ResponseError {
        ResponseError(
            code: .transitionInFlight,
            message:
                "A transition is in flight in session '\(id)': finish, cancel or cancelInPlace it first",
            data: ["session": .string(id)])
    }

    static func notManualClock(_ id: String) -> ResponseError {
        ResponseError(
            code: .notManualClock,
            message:
                "Session '\(id)' runs on the realtime clock; clock/advance needs a session created with \"clock\": \"manual\"",
            data: ["session": .string(id)])
    }

    static func limit(_ what: String, _ limit: Int, flag: String) -> ResponseError {
        ResponseError(
            code: .limitExceeded,
            message: "Limit reached: at most \(limit) \(what) (daemon option \(flag))",
            data: ["limit": .integer(Int64(limit))])
    }

    /// -32602 for a value the engine refused, naming the field under `params`; -32014
    /// with the same data when the value passed a daemon limit.
    static func invalid(_ error: ValidationError) -> ResponseError {
        let field = FieldError(validation: error)
        guard field.limit != nil else { return .invalidParams(field) }
        return ResponseError(
            code: .limitExceeded, message: "Limit reached: \(field.description)", data: field.data)
    }

    /// A scene's refusal as its response error; `session` names the session in it.
    fileprivate static func scene(_ error: SceneError, session: String) -> ResponseError {
        switch error {
        case .invalid(let e): return .invalid(e)
        case .noTransition: return .noTransition(session)
        case .transitionInFlight: return .transitionInFlight(session)
        }
    }
}

/// Runs `body`, a call into a scene, answering its refusal with the response error
/// naming `session` (empty before the session exists): every method that asks a scene
/// for something goes through here.
func answeringRefusals<Value>(
    of session: String, _ body: () throws(SceneError) -> Value
) throws(ResponseError) -> Value {
    do {
        return try body()
    } catch {
        throw .scene(error, session: session)
    }
}

extension FieldError {
    /// The engine's refusal as a field error under `params`.
    init(validation error: ValidationError) {
        self = FieldError(field: error.field, reason: error.message, limit: error.limit).under([
            .key("params")
        ])
    }
}
