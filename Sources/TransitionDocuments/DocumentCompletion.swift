import JSONRPC

/// `textDocument/completion` in a transition document: the member names the schema
/// allows where a name goes (those not written yet), or the names a value may be
/// (layout types, easings, placements, effects) where a value goes; each with its
/// one-line documentation.
enum DocumentCompletion {
    /// LSP's CompletionItemKind.
    static let propertyKind: Int64 = 10
    static let enumMemberKind: Int64 = 20

    static func items(in text: [UInt8], at position: TextPosition) -> [JSONValue] {
        let lines = LineIndex(text)
        let cursor = lines.offset(of: position)
        let context = CursorContext(text, cursor: cursor)
        // What is typed is replaced as written: the partial, decoded (escapes, invalid
        // UTF-8), may have another length than its bytes.
        func edit(with newText: String) -> JSONValue {
            let start = lines.position(of: context.partialStart)
            return [
                "range": DocumentDiagnostic.json(TextRange(start: start, end: position)),
                "newText": .string(newText),
            ]
        }
        switch context.place {
        case .name(_, let quoted):
            return SchemaGuide.members(at: context.container, types: context.types)
                .filter { !context.names.contains($0.name) }
                .map { member in
                    [
                        "label": .string(member.name), "kind": .integer(propertyKind),
                        "detail": .string(member.summary),
                        "documentation": .string(member.documentation),
                        "textEdit": edit(with: quoted ? member.name : "\"\(member.name)\": "),
                    ]
                }
        case .value(let key, _, let quoted):
            let path = context.container + [key.map { .key($0) } ?? .index(0)]
            let member = SchemaGuide.members(at: context.container, types: context.types)
                .first { $0.name == key }
            let documentation = member?.documentation ?? ""
            return SchemaGuide.values(at: path, types: context.types).map { value in
                [
                    "label": .string(value), "kind": .integer(enumMemberKind),
                    "detail": .string(key ?? "value"), "documentation": .string(documentation),
                    "textEdit": edit(with: quoted ? value : "\"\(value)\""),
                ]
            }
        case .elsewhere:
            return []
        }
    }
}
