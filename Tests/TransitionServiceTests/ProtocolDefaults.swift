import Foundation
import JSONRPC
import Testing
import TransitionEngine
import TransitionProtocol

@testable import TransitionService

/// The defaults a params schema declares (`"default"` of its properties, its `allOf`
/// parts' included), as `scripts/generate-protocol-tables.py` collects them.
enum ProtocolDefaults {
    static func of(_ schema: [String: Any], in document: [String: Any]? = nil) throws -> [String:
        Any]
    {
        let document = document ?? schema
        var found: [String: Any] = [:]
        for part in schema["allOf"] as? [[String: Any]] ?? [] {
            if let ref = part["$ref"] as? String {
                let (target, targetDocument) = try resolve(ref, in: document)
                found.merge(try of(target, in: targetDocument)) { _, new in new }
            } else {
                found.merge(try of(part, in: document)) { _, new in new }
            }
        }
        for (name, member) in schema["properties"] as? [String: Any] ?? [:] {
            if let member = member as? [String: Any], let value = member["default"] {
                found[name] = value
            }
        }
        return found
    }

    /// The schema a `$ref` names (`defs.json#/$defs/x` or `#/$defs/x`) and its document.
    static func resolve(_ ref: String, in here: [String: Any]) throws -> (
        [String: Any], [String: Any]
    ) {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let document = parts[0].isEmpty ? here : try ProtocolSchemaTests.load(String(parts[0]))
        var node: Any = document
        for key in parts[1].split(separator: "/") {
            node = try #require((node as? [String: Any])?[String(key)])
        }
        return (try #require(node as? [String: Any]), document)
    }
}
