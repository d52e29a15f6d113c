import JSONRPC
import TransitionFilm
import TransitionService

/// `textDocument/hover` in a transition document: the member under the cursor, what the
/// schema says of it; on `timing` (and `duration`) the transition's duration and its
/// progress at a few moments; on a layout its content size.
enum DocumentHover {
    /// The shares of the duration at which `timing` shows the progress.
    static let moments = [0, 0.25, 0.5, 0.75, 1.0]

    static func hover(_ document: OpenDocument, at position: TextPosition, limits: ServiceLimits)
        -> JSONValue
    {
        let lines = LineIndex(document.text)
        let offset = lines.offset(of: position)
        let outline = DocumentOutline(document.text)
        // The innermost member whose name or value holds the cursor.
        var best: (path: [FieldPathStep], range: Range<Int>)?
        for (path, entry) in outline.entries {
            guard case .key? = path.last else { continue }
            let span = (entry.name?.lowerBound ?? entry.value.lowerBound)..<entry.value.upperBound
            guard span.contains(offset) || span.upperBound == offset else { continue }
            if best == nil || path.count > best!.path.count {
                best = (path, entry.name?.contains(offset) == true ? entry.name! : entry.value)
            }
        }
        guard let (path, range) = best, case .key(let name)? = path.last else { return .null }
        let context = CursorContext(document.text, cursor: range.lowerBound)
        let member = SchemaGuide.members(at: Array(path.dropLast()), types: context.types)
            .first { $0.name == name }
        var text = "**`\(name)`**"
        if let member {
            text += " — \(member.summary)"
            if !member.documentation.isEmpty { text += "\n\n\(member.documentation)" }
        }
        text += extra(for: path, document.check, limits: limits)
        return [
            "contents": ["kind": "markdown", "value": .string(text)],
            "range": DocumentDiagnostic.json(lines.range(range.lowerBound, range.upperBound)),
        ]
    }

    /// What the engine says of the member at `path` when the document is valid.
    private static func extra(
        for path: [FieldPathStep], _ check: DocumentCheck, limits: ServiceLimits
    ) -> String {
        guard check.isValid, let summary = check.started, let created = check.created else {
            return ""
        }
        func size(_ value: JSONValue?) -> String {
            "\(Format.short(value?["width"]?.doubleValue ?? 0, 2)) × \(Format.short(value?["height"]?.doubleValue ?? 0, 2))"
        }
        switch path {
        case [.key("session"), .key("layout")]:
            return "\n\nContent size \(size(created["contentSize"])) at rest."
        case [.key("transition"), .key("to")]:
            return "\n\nContent size \(size(summary["toContentSize"])) at the end."
        case [.key("transition"), .key("timing")], [.key("transition"), .key("duration")]:
            let duration = summary["duration"]?.doubleValue ?? 0
            let text = "\n\nDuration \(Format.short(duration, 3)) s"
            guard let run = DocumentRun(check, limits: limits) else { return text + "." }
            let progresses = moments.map { share -> String in
                guard case .result(let sample) = run.sample(["time": .double(share * duration)])
                else { return "?" }
                return Format.short(sample["progress"]?.doubleValue ?? 0, 4)
            }
            return text + "; progress at "
                + moments.map { "\(Format.short($0 * 100, 0))%" }.joined(separator: ", ")
                + " of it: " + progresses.joined(separator: ", ") + "."
        default:
            return ""
        }
    }
}
