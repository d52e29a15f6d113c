import JSONRPC

/// The older spec form the editor plugins and the Python client read before transition
/// documents, `{viewport, items | sections, from, to, ...}`, converted to a document by
/// this one function (Protocol/README.md 17.4). Nothing is filled in: a member the older
/// form left to a plugin's default is missing in the document and reported there.
enum OlderSpecForm {
    /// Members of the older form that go to `session/create`, under the same name.
    static let sessionMembers = [
        "viewport", "sections", "contentInset", "contentOffset", "clock", "fps", "encoding",
        "precision", "keepAlive", "name",
    ]
    /// Members of the older form that go to `transition/start`, under the same name.
    static let transitionMembers = [
        "duration", "timing", "stagger", "appear", "disappear", "colorSpace",
    ]

    /// Whether `object` is in the older form: no `session` member, and one of the older
    /// form's own.
    static func matches(_ object: JSONObject) -> Bool {
        object["session"] == nil
            && ["viewport", "items", "from", "to", "layout", "layouts"].contains {
                object[$0] != nil
            }
    }

    /// The document the older form stands for, and for each document field the path it
    /// came from (for the ranges of diagnostics).
    static func document(from older: JSONObject) -> (
        document: JSONObject, origins: [[FieldPathStep]: [FieldPathStep]]
    ) {
        var session = JSONObject()
        var transition = JSONObject()
        var origins: [[FieldPathStep]: [FieldPathStep]] = [:]
        func move(from path: [FieldPathStep], to target: [FieldPathStep]) {
            origins[target] = path
        }
        for name in sessionMembers {
            if let value = older[name] {
                session[name] = value
                move(from: [.key(name)], to: [.key("session"), .key(name)])
            }
        }
        if older["sections"] == nil, let items = older["items"] {
            session["sections"] = [["items": items]]
            move(from: [.key("items")], to: [.key("session"), .key("sections")])
        }
        let layouts = older["layouts"]?.arrayValue
        if let from = older["from"] ?? older["layout"] ?? layouts?.first {
            session["layout"] = from
            let origin: [FieldPathStep] =
                older["from"] != nil
                ? [.key("from")]
                : older["layout"] != nil ? [.key("layout")] : [.key("layouts"), .index(0)]
            move(from: origin, to: [.key("session"), .key("layout")])
        }
        // The plugins' `transition` table: transition/start members as they are.
        if case .object(let options)? = older["transition"] {
            for member in options.members {
                transition[member.key] = member.value
                move(
                    from: [.key("transition"), .key(member.key)],
                    to: [.key("transition"), .key(member.key)])
            }
        }
        for name in transitionMembers {
            if let value = older[name] {
                transition[name] = value
                move(from: [.key(name)], to: [.key("transition"), .key(name)])
            }
        }
        if let placement = older["placement"] {
            transition["contentOffset"] = placement
            move(
                from: [.key("placement")],
                to: [.key("transition"), .key("contentOffset")])
        }
        if let to = older["to"] ?? (layouts.map { $0.count > 1 ? $0[1] : nil } ?? nil) {
            transition["to"] = to
            let origin: [FieldPathStep] =
                older["to"] != nil ? [.key("to")] : [.key("layouts"), .index(1)]
            move(from: origin, to: [.key("transition"), .key("to")])
        }
        let document: JSONObject = ["session": .object(session), "transition": .object(transition)]
        return (document, origins)
    }

    /// The path in the older text that a document field came from: the longest converted
    /// prefix, followed by the rest of the field.
    static func origin(
        of path: [FieldPathStep], in origins: [[FieldPathStep]: [FieldPathStep]]
    ) -> [FieldPathStep] {
        var prefix = path
        while !prefix.isEmpty {
            if let origin = origins[prefix] { return origin + path.dropFirst(prefix.count) }
            prefix.removeLast()
        }
        return []
    }
}
