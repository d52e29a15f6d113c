import JSONRPC
import TransitionEngine
import TransitionProtocol

/// The name a client may give a session (`session/create {name}`), so that another
/// client, such as an editor's preview, can find it with `session/subscribe {name}`
/// without being told its id.
enum SessionName {
    /// Longest name accepted, in Unicode scalars (JSON Schema's `maxLength` counts the same).
    static let maximumLength = 64

    /// Checks a requested name: not empty, at most `maximumLength` long, no control
    /// characters (it is printed in tables and logs).
    static func validate(_ name: String) throws(ValidationError) {
        let scalars = name.unicodeScalars
        guard !scalars.isEmpty else {
            throw ValidationError(field: "name", message: "must not be empty")
        }
        guard scalars.count <= maximumLength else {
            throw ValidationError(
                field: "name",
                message: "must be at most \(maximumLength) characters, got \(scalars.count)")
        }
        // Unicode's control characters (general category Cc) are exactly these two
        // ranges; spelled out, the check needs no Unicode property tables.
        if scalars.contains(where: { $0.value <= 0x1F || (0x7F...0x9F).contains($0.value) }) {
            throw ValidationError(field: "name", message: "must not contain control characters")
        }
    }
}

extension ResponseError {
    /// -32602: another live session already has the name.
    static func nameTaken(_ name: String, by session: String) -> ResponseError {
        .invalidParams(
            FieldError(
                field: "params.name",
                reason:
                    "'\(name)' is taken by session '\(session)': choose another name, or subscribe to it"
            ))
    }

    /// -32010 for a name no live session has.
    static func unknownSessionName(_ name: String) -> ResponseError {
        ResponseError(
            code: .unknownSession,
            message: "No session named '\(name)': list them with session/list",
            data: ["name": .string(name)])
    }
}
