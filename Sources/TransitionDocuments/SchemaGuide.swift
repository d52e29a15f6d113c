import JSONRPC

/// The document's schema (DocumentSchema) read for an editor: which members an object at
/// a path may have, which values a member may take, and what each one is.
///
/// A path is followed through `$ref`, `allOf`, `oneOf` and `anyOf` (every branch kept),
/// `properties`, `items` and `prefixItems`; where a layout's branches differ, the
/// object's `type` picks the branch.
enum SchemaGuide {
    static let root: JSONValue =
        (try? JSONValue(parsing: DocumentSchema.text)) ?? .object([:])

    /// One member an object may have.
    struct Member: Equatable {
        var name: String
        var summary: String
        var documentation: String
    }

    /// The schemas that apply at `path` (branches flattened).
    static func nodes(at path: [FieldPathStep], types: [[FieldPathStep]: String] = [:])
        -> [JSONValue]
    {
        var current = branches(of: root, type: types[[]])
        for (depth, step) in path.enumerated() {
            var next: [JSONValue] = []
            for node in current {
                switch step {
                case .key(let key):
                    if let property = node["properties"]?[key] { next.append(property) }
                case .index(let index):
                    if let prefix = node["prefixItems"]?.arrayValue, index < prefix.count {
                        next.append(prefix[index])
                    } else if let items = node["items"], items.objectValue != nil {
                        next.append(items)
                    }
                }
            }
            let type = types[Array(path.prefix(depth + 1))]
            current = next.flatMap { branches(of: $0, type: type) }
        }
        return current
    }

    /// `node` with its references resolved and its alternatives flattened; with `type`,
    /// only the alternatives whose `type` member allows it.
    static func branches(of node: JSONValue, type: String? = nil, depth: Int = 0) -> [JSONValue] {
        guard depth < 16, case .object(var object) = node else { return [] }
        var out: [JSONValue] = []
        if let reference = object["$ref"]?.stringValue, let target = resolve(reference) {
            _ = object.removeValue(forKey: "$ref")
            out += branches(of: target, type: type, depth: depth + 1)
        }
        for combinator in ["oneOf", "anyOf"] {
            for branch in object[combinator]?.arrayValue ?? [] {
                out += branches(of: branch, type: type, depth: depth + 1)
            }
            _ = object.removeValue(forKey: combinator)
        }
        // allOf: every part applies, so its members join this node's own.
        for part in object["allOf"]?.arrayValue ?? [] {
            for branch in branches(of: part, depth: depth + 1) {
                for member in branch["properties"]?.objectValue?.members ?? [] {
                    var properties = object["properties"]?.objectValue ?? [:]
                    if properties[member.key] == nil { properties[member.key] = member.value }
                    object["properties"] = .object(properties)
                }
            }
        }
        _ = object.removeValue(forKey: "allOf")
        if !object.isEmpty { out.append(.object(object)) }
        guard let type else { return out }
        let matching = out.filter { branch in
            guard let allowed = branch["properties"]?["type"] else { return true }
            return values(of: allowed).contains(type)
        }
        return matching.isEmpty ? out : matching
    }

    /// The schema a local reference (`#/$defs/layout`) names.
    static func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSONValue? = root
        for part in reference.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node
    }

    /// The members an object at `path` may have, in the schema's order, each once.
    static func members(at path: [FieldPathStep], types: [[FieldPathStep]: String] = [:])
        -> [Member]
    {
        var seen: [String] = []
        var out: [Member] = []
        for node in nodes(at: path, types: types) {
            for property in node["properties"]?.objectValue?.members ?? []
            where !seen.contains(property.key) {
                seen.append(property.key)
                out.append(
                    Member(
                        name: property.key, summary: summary(of: property.value),
                        documentation: description(of: property.value)))
            }
        }
        return out
    }

    /// The string values a member at `path` may take (`enum` and `const`).
    static func values(at path: [FieldPathStep], types: [[FieldPathStep]: String] = [:])
        -> [String]
    {
        var out: [String] = []
        for node in nodes(at: path, types: types) {
            for value in values(of: node) where !out.contains(value) { out.append(value) }
        }
        return out
    }

    private static func values(of node: JSONValue) -> [String] {
        var out: [String] = []
        for branch in branches(of: node) {
            if let constant = branch["const"]?.stringValue { out.append(constant) }
            for value in branch["enum"]?.arrayValue ?? [] {
                if let text = value.stringValue { out.append(text) }
            }
        }
        return out
    }

    /// The first description along `node`'s references.
    static func description(of node: JSONValue, depth: Int = 0) -> String {
        if let text = node["description"]?.stringValue { return text }
        guard depth < 8, let reference = node["$ref"]?.stringValue,
            let target = resolve(reference)
        else { return "" }
        return description(of: target, depth: depth + 1)
    }

    /// What a member is, in a few words: `integer from 1 to 10000`, `one of list, grid`,
    /// `object`, `number, default 0.3`.
    static func summary(of node: JSONValue) -> String {
        let alternatives = branches(of: node)
        let names = values(of: node)
        var text: String
        if !names.isEmpty {
            text =
                names.count <= 12
                ? "one of " + names.joined(separator: ", ")
                : "one of \(names.count) names (\(names.prefix(4).joined(separator: ", ")), ...)"
            // Objects beside the names (a timing curve's forms).
            if alternatives.contains(where: { $0["properties"] != nil }) {
                text += ", or an object"
            }
        } else {
            var kinds: [String] = []
            for branch in alternatives {
                let kind: String
                switch branch["type"] {
                case .string(let name)?: kind = name
                case .array(let names)?:
                    kind = names.compactMap(\.stringValue).joined(separator: " or ")
                default: kind = branch["properties"] != nil ? "object" : "value"
                }
                if !kinds.contains(kind) { kinds.append(kind) }
            }
            // A branch that only constrains (a range without a type) adds no kind.
            if kinds.count > 1 { kinds.removeAll { $0 == "value" } }
            text = kinds.joined(separator: " or ")
            if alternatives.count == 1 {
                let branch = alternatives[0]
                let low = branch["minimum"] ?? branch["exclusiveMinimum"]
                let high = branch["maximum"] ?? branch["exclusiveMaximum"]
                if let low, let high {
                    text += " from \(low.jsonText) to \(high.jsonText)"
                } else if let low {
                    text +=
                        branch["exclusiveMinimum"] != nil
                        ? " > \(low.jsonText)" : " >= \(low.jsonText)"
                }
            }
        }
        if let value = node["default"] ?? alternatives.first?["default"] {
            text += ", default \(value.jsonText)"
        }
        return text
    }
}

extension SchemaGuide {
    /// The members of `value` (the document's value at `path`) that the schema does not
    /// allow, in the order they are written, each with the allowed name nearest to it:
    /// what the methods would refuse as unknown once the rest decoded, found without them,
    /// for a request they refused before they could tell. Only objects whose schema is
    /// closed (`additionalProperties` or `unevaluatedProperties` false in every branch)
    /// are judged; at most `budget` objects are looked into.
    ///
    /// - Complexity: O(d) schema lookups per object looked into, at depth d.
    static func unknownMembers(
        of value: JSONValue, at path: [FieldPathStep], budget: Int = 2000
    ) -> [(path: [FieldPathStep], suggestion: String?)] {
        var types: [[FieldPathStep]: String] = [:]
        collectTypes(value, at: path, into: &types)
        var found: [(path: [FieldPathStep], suggestion: String?)] = []
        var left = budget
        walk(value, at: path, types: types, left: &left, found: &found)
        return found
    }

    /// The `type` of every object in `value`, by its path.
    private static func collectTypes(
        _ value: JSONValue, at path: [FieldPathStep], into types: inout [[FieldPathStep]: String]
    ) {
        switch value {
        case .object(let object):
            if let type = object["type"]?.stringValue { types[path] = type }
            for member in object.members {
                collectTypes(member.value, at: path + [.key(member.key)], into: &types)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                switch element {
                case .object, .array:
                    collectTypes(element, at: path + [.index(index)], into: &types)
                default: continue
                }
            }
        default:
            return
        }
    }

    private static func walk(
        _ value: JSONValue, at path: [FieldPathStep], types: [[FieldPathStep]: String],
        left: inout Int, found: inout [(path: [FieldPathStep], suggestion: String?)]
    ) {
        switch value {
        case .object(let object):
            guard left > 0 else { return }
            left -= 1
            let judged = nodes(at: path, types: types).filter {
                $0["properties"] != nil || $0["additionalProperties"] != nil
                    || $0["unevaluatedProperties"] != nil || $0["patternProperties"] != nil
            }
            let closed =
                !judged.isEmpty
                && judged.allSatisfy {
                    $0["patternProperties"] == nil
                        && ($0["additionalProperties"] == .bool(false)
                            || $0["unevaluatedProperties"] == .bool(false))
                }
            let known = closed ? members(at: path, types: types).map(\.name) : []
            for member in object.members {
                if closed, !known.contains(member.key) {
                    found.append(
                        (path + [.key(member.key)], NearestName.to(member.key, among: known)))
                    continue
                }
                walk(
                    member.value, at: path + [.key(member.key)], types: types, left: &left,
                    found: &found)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                switch element {
                case .object, .array:
                    walk(
                        element, at: path + [.index(index)], types: types, left: &left,
                        found: &found)
                default: continue
                }
            }
        default:
            return
        }
    }
}
