import JSONRPC

/// One thing wrong (or doubtful) in a transition document, shaped as an LSP diagnostic:
/// where, how bad, the JSON-RPC code the daemon would answer, and the field.
public struct DocumentDiagnostic: Sendable, Equatable {
    /// LSP's `DiagnosticSeverity`: errors refuse the document, warnings do not; an
    /// information is about the document's preview, not its text.
    public enum Severity: Int, Sendable {
        case error = 1
        case warning = 2
        case information = 3
    }

    public var range: TextRange
    public var severity: Severity
    /// The JSON-RPC error code of the refusal (-32700 for a syntax error).
    public var code: Int
    public var message: String
    /// The field in the document (`transition.to.columns`), when there is one.
    public var field: String?

    /// The diagnostic as LSP's `Diagnostic`, with `data.field`.
    public var json: JSONValue {
        var object: JSONObject = [
            "range": Self.json(range),
            "severity": .integer(Int64(severity.rawValue)),
            "code": .integer(Int64(code)),
            "source": "transitiond",
            "message": .string(message),
        ]
        if let field { object["data"] = ["field": .string(field)] }
        return .object(object)
    }

    static func json(_ range: TextRange) -> JSONValue {
        ["start": json(range.start), "end": json(range.end)]
    }

    static func json(_ position: TextPosition) -> JSONValue {
        [
            "line": .integer(Int64(position.line)),
            "character": .integer(Int64(position.character)),
        ]
    }
}

extension DocumentDiagnostic {
    /// `line:column: error: field: message`, counted from 1, for people and models;
    /// without the place for a document given as a value, which has no text.
    public func line(placed: Bool) -> String {
        let kind: String
        switch severity {
        case .error: kind = "error"
        case .warning: kind = "warning"
        case .information: kind = "info"
        }
        let place = placed ? "\(range.start.line + 1):\(range.start.character + 1): " : ""
        return "\(place)\(kind): " + (field.map { "\($0): " } ?? "") + message
    }
}
