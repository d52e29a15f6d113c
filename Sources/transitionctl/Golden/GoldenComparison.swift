import JSONRPC
import TransitionFilm

/// A recorded transition against the same times sampled now: every element matched by
/// identity (kind, index path, id), and each of its attributes within bounds.
///
/// Points (the members of `frame`, `nextFrame` and `contentOffset`, a transform's
/// translation) may differ by `tolerance`; other numbers (alpha, `transitionProgress`,
/// a transform's scale, custom values) by `unitTolerance`; strings, booleans and integers
/// such as `zIndex` not at all. An element only one side has is a difference.
struct GoldenComparison {
    /// One element (or the content offset) out of bounds at one sample.
    struct Difference: Equatable {
        var sample: Int
        var time: Double
        /// `cell 0.3`, `cell 0.3 #b`, `contentOffset`.
        var element: String
        /// `frame.x`, or `presence`.
        var member: String
        var expected: String
        var found: String

        var line: String {
            "\(GoldenComparison.sampleName(sample, time: time)): \(element): \(member) expected \(expected), found \(found)"
        }
    }

    /// How the report and the `--diff-svg` captions name a sample: `t=0.150 s (sample 3)`.
    static func sampleName(_ sample: Int, time: Double) -> String {
        "t=\(Format.fixed(time, 3)) s (sample \(sample))"
    }

    var tolerance: Double
    var unitTolerance = 0.01

    /// The differences of `found` from `expected`, sample by sample, at most one per
    /// element and sample (its first member out of bounds).
    func differences(expected: [JSONObject], found: [JSONObject]) -> [Difference] {
        var all: [Difference] = []
        for (index, (old, new)) in zip(expected, found).enumerated() {
            let time = old["time"]?.doubleValue ?? 0
            func note(_ element: String, _ member: String, _ expected: String, _ found: String) {
                all.append(
                    Difference(
                        sample: index, time: time, element: element, member: member,
                        expected: expected, found: found))
            }
            if let (member, a, b) = firstDifference(
                old["contentOffset"], new["contentOffset"], path: "", points: true)
            {
                note("contentOffset", member.isEmpty ? "contentOffset" : member, a, b)
            }
            let before = Self.elements(old["attributes"])
            let after = Self.elements(new["attributes"])
            for (key, element) in before.list {
                guard let now = after.byKey[key] else {
                    note(key, "presence", "present", "absent")
                    continue
                }
                if let (member, a, b) = firstDifference(element, now, path: "", points: false) {
                    note(key, member, a, b)
                }
            }
            for (key, _) in after.list where before.byKey[key] == nil {
                note(key, "presence", "absent", "present")
            }
        }
        return all
    }

    /// The elements of an `objects` attributes array, keyed by identity; a second element
    /// with the same identity (a disappearing and an appearing element on one index path,
    /// without ids) gets `#2`.
    static func elements(_ attributes: JSONValue?) -> (
        list: [(String, JSONValue)], byKey: [String: JSONValue]
    ) {
        var list: [(String, JSONValue)] = []
        var byKey: [String: JSONValue] = [:]
        for element in attributes?.arrayValue ?? [] {
            let kind = element["kind"]?.stringValue ?? "cell"
            let section = element["section"]?.int64Value ?? 0
            let item = element["item"]?.int64Value ?? 0
            var key = "\(kind) \(section).\(item)"
            if let id = element["id"] { key += " #\(id.jsonText)" }
            var unique = key
            var occurrence = 1
            while byKey[unique] != nil {
                occurrence += 1
                unique = "\(key) (\(occurrence))"
            }
            list.append((unique, element))
            byKey[unique] = element
        }
        return (list, byKey)
    }

    /// The first member where `a` and `b` differ beyond bounds: its path, and both
    /// values as text.
    private func firstDifference(_ a: JSONValue?, _ b: JSONValue?, path: String, points: Bool)
        -> (String, String, String)?
    {
        switch (a, b) {
        case (.object(let x)?, .object(let y)?):
            for member in x.members {
                let inPoints =
                    points || ["frame", "nextFrame", "contentOffset"].contains(member.key)
                if let found = firstDifference(
                    member.value, y[member.key], path: Self.join(path, member.key),
                    points: inPoints)
                {
                    return found
                }
            }
            for member in y.members where x[member.key] == nil {
                return (Self.join(path, member.key), "nothing", member.value.jsonText)
            }
            return nil
        case (.array(let x)?, .array(let y)?) where x.count == y.count:
            for index in x.indices {
                // A transform's translation is in points, its matrix is not.
                let inPoints = points || (path.hasSuffix("transform") && index >= 4)
                if let found = firstDifference(
                    x[index], y[index], path: "\(path)[\(index)]", points: inPoints)
                {
                    return found
                }
            }
            return nil
        case (.double, _), (_, .double):
            guard let x = a?.doubleValue, let y = b?.doubleValue else { break }
            let bound = points ? tolerance : unitTolerance
            return abs(x - y) <= bound ? nil : (path, Format.short(x, 4), Format.short(y, 4))
        default:
            if let a, let b, a == b { return nil }
            if a == nil, b == nil { return nil }
            // Integers such as zIndex compare exactly; coordinates that happen to be whole
            // numbers are still points.
            if points, let x = a?.doubleValue, let y = b?.doubleValue {
                return abs(x - y) <= tolerance
                    ? nil : (path, Format.short(x, 4), Format.short(y, 4))
            }
        }
        return (path, a?.jsonText ?? "nothing", b?.jsonText ?? "nothing")
    }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }
}
