import JSONRPC
import TransitionEngine

/// The daemon's application error codes (JSON-RPC server-error range).
extension ErrorCode {
    /// No session with that id.
    static let unknownSession = ErrorCode(rawValue: -32010)
    /// The method needs a transition in flight and there is none.
    static let noTransition = ErrorCode(rawValue: -32011)
    /// The method needs the session at rest and a transition is in flight.
    static let transitionInFlight = ErrorCode(rawValue: -32012)
    /// `clock/advance` on a realtime session.
    static let notManualClock = ErrorCode(rawValue: -32013)
    /// A limit of the daemon was reached (sessions per connection ...).
    static let limitExceeded = ErrorCode(rawValue: -32014)
}

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

    /// Maps a scene refusal to its error.
    static func scene(_ error: SceneError, session: String) -> ResponseError {
        switch error {
        case .invalid(let e): return .invalid(e)
        case .noTransition: return .noTransition(session)
        case .transitionInFlight: return .transitionInFlight(session)
        }
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
