import JSONRPC
import TransitionService

/// Checks a transition document, `{"$schema"?, "session": <session/create params>,
/// "transition": <transition/start params without "session">}`, by making the requests
/// it stands for on a private service (ScratchService): a document is valid exactly when
/// its requests would be accepted. Each refusal becomes a diagnostic at the JSON value
/// its field path names; an unknown member is a warning, left out, and the check goes on.
public enum DocumentChecker {
    /// The document's own members, beside which everything is unknown.
    static let topMembers = ["$schema", "session", "transition"]
    /// At most this many unknown members are warned about before the check gives up.
    static let maximumUnknownMembers = 64

    /// Checks the text of a document.
    public static func check(_ bytes: [UInt8], limits: ServiceLimits = ServiceLimits())
        -> DocumentCheck
    {
        let lines = LineIndex(bytes)
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            var check = DocumentCheck()
            check.hasText = true
            check.diagnostics = [
                DocumentDiagnostic(
                    range: lines.range(error.offset, error.offset + 1), severity: .error,
                    code: ErrorCode.parseError.rawValue, message: "not JSON: \(error.explanation)")
            ]
            return check
        }
        let outline = DocumentOutline(bytes)
        var result = check(value, limits: limits) { path, isName in
            guard let (entry, exact) = outline.nearest(path) else { return lines.range(0, 0) }
            if let name = entry.name, isName || !exact {
                return lines.range(name.lowerBound, name.upperBound)
            }
            if exact { return lines.range(entry.value.lowerBound, entry.value.upperBound) }
            return lines.range(entry.value.lowerBound, entry.value.lowerBound + 1)
        }
        result.hasText = true
        return result
    }

    /// Checks a document given as a value (no text, so every range is the start).
    public static func check(_ value: JSONValue, limits: ServiceLimits = ServiceLimits())
        -> DocumentCheck
    {
        check(value, limits: limits) { _, _ in
            TextRange(
                start: TextPosition(line: 0, character: 0), end: TextPosition(line: 0, character: 0)
            )
        }
    }

    /// The check proper; `locate` gives the range of a path in the text (of the member's
    /// name when asked).
    static func check(
        _ value: JSONValue, limits: ServiceLimits = ServiceLimits(),
        locate: ([FieldPathStep], Bool) -> TextRange
    ) -> DocumentCheck {
        var check = DocumentCheck()
        guard case .object(var root) = value else {
            check.diagnostics.append(
                DocumentDiagnostic(
                    range: locate([], false), severity: .error,
                    code: ErrorCode.invalidParams.rawValue,
                    message:
                        "a transition document is an object {\"session\": {...}, \"transition\": {...}}, not \(value.typeName)"
                ))
            return check
        }
        var origins: [[FieldPathStep]: [FieldPathStep]]? = nil
        if OlderSpecForm.matches(root) {
            let converted = OlderSpecForm.document(from: root)
            root = converted.document
            origins = converted.origins
            check.convertedFromOlderForm = true
            check.diagnostics.append(
                DocumentDiagnostic(
                    range: locate([], false), severity: .warning,
                    code: ErrorCode.invalidParams.rawValue,
                    message:
                        "the older spec form {viewport, items, from, to}, read as {\"session\": {...}, \"transition\": {...}}"
                ))
        }
        // Document paths to ranges in the text, through the older form when converted.
        func place(_ path: [FieldPathStep], _ isName: Bool) -> TextRange {
            guard let origins else { return locate(path, isName) }
            return locate(OlderSpecForm.origin(of: path, in: origins), isName)
        }
        func report(
            _ path: [FieldPathStep], _ message: String, code: Int,
            severity: DocumentDiagnostic.Severity,
            isName: Bool = false, field: [FieldPathStep]? = nil
        ) {
            let field = field ?? path
            check.diagnostics.append(
                DocumentDiagnostic(
                    range: place(path, isName), severity: severity, code: code, message: message,
                    field: field.isEmpty ? nil : FieldError.render(field)))
        }
        let invalid = ErrorCode.invalidParams.rawValue
        for member in root.members where !topMembers.contains(member.key) {
            let near = NearestName.to(member.key, among: topMembers)
            report(
                [.key(member.key)],
                near.map { "unknown member; did you mean `\($0)`?" } ?? "unknown member",
                code: invalid, severity: .warning, isName: true)
        }
        if let schema = root["$schema"], schema.stringValue == nil {
            report([.key("$schema")], "expected string", code: invalid, severity: .error)
        }
        var parts: [String: JSONObject] = [:]
        for name in ["session", "transition"] {
            switch root[name] {
            case .object(let object)?: parts[name] = object
            case nil:
                report([.key(name)], "missing member", code: invalid, severity: .error)
            case let other?:
                report(
                    [.key(name)], "expected object, found \(other.typeName)", code: invalid,
                    severity: .error)
            }
        }
        guard var session = parts["session"], var transition = parts["transition"] else {
            return check
        }
        check.document = ["session": .object(session), "transition": .object(transition)]
        if transition["session"] != nil {
            report(
                [.key("transition"), .key("session")],
                "the transition runs in the document's own session: this member is left out",
                code: invalid, severity: .warning, isName: true)
            _ = transition.removeValue(forKey: "session")
        }
        let service = ScratchService(limits: limits)
        var unknownLeft = maximumUnknownMembers
        /// The unknown members of `params` (under `section`) the schema finds, as warnings:
        /// for a request refused before the methods could tell (18.3).
        func warnUnknownMembers(in params: JSONObject, _ section: String) {
            for unknown in SchemaGuide.unknownMembers(of: .object(params), at: [.key(section)])
            where unknownLeft > 0 {
                unknownLeft -= 1
                let error = FieldError(unknownMember: unknown.path, suggestion: unknown.suggestion)
                report(unknown.path, error.reason, code: invalid, severity: .warning, isName: true)
            }
        }
        /// Calls `method` until it answers something other than an unknown member (each
        /// warned about and left out); reports a refusal under `section`, and then the
        /// unknown members the methods did not get to.
        func request(
            _ method: String, _ section: String, _ params: inout JSONObject, extra: JSONObject
        )
            -> JSONValue?
        {
            // The members left out, by their object, with the name each one stands in for.
            var leftOut: [(path: [FieldPathStep], suggestion: String?)] = []
            while true {
                var sent = params
                for member in extra.members { sent[member.key] = member.value }
                switch service.call(method, sent) {
                case .result(let result): return result
                case .error(let code, let message, let data):
                    let path = Self.path(of: data, under: section)
                    var reason = data?["reason"]?.stringValue ?? message
                    if data?["reason"]?.stringValue?.hasPrefix("unknown member") == true,
                        path.count > 1, unknownLeft > 0,
                        case .object(let trimmed) = JSONValue.object(params).removing(
                            Array(path.dropFirst()))
                    {
                        unknownLeft -= 1
                        report(path, reason, code: code, severity: .warning, isName: true)
                        leftOut.append((path, data?["suggestion"]?.stringValue))
                        params = trimmed
                        continue
                    }
                    // A missing member is reported on the object that lacks it, with the
                    // member left out that stands in for it.
                    var field = path
                    if data?["found"]?.stringValue == "nothing", path.count > 1,
                        case .key(let name)? = path.last
                    {
                        field = Array(path.dropLast())
                        if let standIn = leftOut.first(where: {
                            $0.suggestion == name && Array($0.path.dropLast()) == field
                        }), case .key(let misspelt)? = standIn.path.last {
                            reason += "; is `\(misspelt)` a misspelling of it?"
                        }
                    }
                    report(path, reason, code: code, severity: .error, field: field)
                    if data?["expected"] != nil { warnUnknownMembers(in: params, section) }
                    return nil
                }
            }
        }
        guard let created = request("session/create", "session", &session, extra: [:]),
            let id = created["session"]
        else {
            // The transition is not checked without a session; its unknown members are.
            if parts["transition"] != nil { warnUnknownMembers(in: transition, "transition") }
            return check
        }
        check.created = created
        guard
            let started = request(
                "transition/start", "transition", &transition, extra: ["session": id])
        else { return check }
        check.started = started
        check.sessionParams = session
        check.transitionParams = transition
        return check
    }

    /// The document path of an error's `data.path` (`["params", "to", "columns"]`): its
    /// `params` step becomes `section`; no path: the section itself.
    static func path(of data: JSONValue?, under section: String) -> [FieldPathStep] {
        guard let steps = data?["path"]?.arrayValue, !steps.isEmpty else { return [.key(section)] }
        var path: [FieldPathStep] = [.key(section)]
        for step in steps.dropFirst() {
            if let key = step.stringValue {
                path.append(.key(key))
            } else if let index = step.int64Value {
                path.append(.index(Int(index)))
            }
        }
        return path
    }
}
