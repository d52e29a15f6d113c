import JSONRPC
import TransitionEngine

enum OutputCheck {
    static let parser = JSONParser(maximumDepth: 512)

    /// Parses a body the daemon wrote; every body must be one valid JSON text.
    static func parse(_ body: [UInt8], what: String) -> JSONValue {
        do {
            return try parser.parse(body)
        } catch {
            fuzzFailure("\(what) is not valid JSON: \(error)", body)
        }
    }

    /// A `null` where a number (or anything else) belongs: the writer turns a non-finite
    /// double into `null`, so a `null` in a tick, a didEnd or a result means the engine
    /// computed NaN or an infinity. The only `null`s allowed are the holes of the compact
    /// encoding's `id` and `values` columns, and the members the protocol declares
    /// nullable (`nullableMembers`).
    static func firstNull(in value: JSONValue) -> String? {
        hasForbiddenNull(value) ? firstNull(in: value, path: "") : nil
    }

    /// Members that are `null` by the protocol, never from a number: `session/list` gives a
    /// session without a name `"name": null`, and an owner without a process id
    /// `"ownerProcessId": null` (Protocol/schema/session.list.result.json; the only two).
    static let nullableMembers: Set<String> = ["name", "ownerProcessId"]

    /// A documented `null`, not a lost number.
    private static func isNullable(_ member: JSONObject.Member) -> Bool {
        if case .null = member.value { return nullableMembers.contains(member.key) }
        return false
    }

    /// The same walk without building paths (outputs hold many thousands of numbers).
    private static func hasForbiddenNull(_ value: JSONValue) -> Bool {
        switch value {
        case .null:
            return true
        case .array(let items):
            return items.contains(where: hasForbiddenNull)
        case .object(let object):
            for member in object.members where !isNullable(member) {
                if member.key == "attributes", case .object(let columns) = member.value {
                    if firstNullInColumns(columns, path: "") != nil { return true }
                    continue
                }
                if hasForbiddenNull(member.value) { return true }
            }
            return false
        default:
            return false
        }
    }

    private static func firstNull(in value: JSONValue, path: String) -> String? {
        switch value {
        case .null:
            return path.isEmpty ? "(top)" : path
        case .array(let items):
            for (i, item) in items.enumerated() {
                if let p = firstNull(in: item, path: path + "[\(i)]") { return p }
            }
            return nil
        case .object(let object):
            for member in object.members where !isNullable(member) {
                let child = path + "." + member.key
                if member.key == "attributes", case .object(let columns) = member.value {
                    if let p = firstNullInColumns(columns, path: child) { return p }
                    continue
                }
                if let p = firstNull(in: member.value, path: child) { return p }
            }
            return nil
        default:
            return nil
        }
    }

    /// The compact encoding: `id` and the arrays under `values` may hold `null`.
    private static func firstNullInColumns(_ columns: JSONObject, path: String) -> String? {
        for member in columns.members {
            let child = path + "." + member.key
            switch member.key {
            case "id":
                guard case .array = member.value else { return child + " (not an array)" }
            case "values":
                guard case .object(let names) = member.value else {
                    return child + " (not an object)"
                }
                for name in names.members {
                    guard case .array = name.value else {
                        return child + "." + name.key + " (not an array)"
                    }
                }
            default:
                if hasForbiddenNull(member.value) {
                    return firstNull(in: member.value, path: child)
                }
            }
        }
        return nil
    }

    /// A notification the host routed: valid JSON, a known method, and no `null` in its params.
    static func checkNotification(_ body: [UInt8]) {
        let message = parse(body, what: "a routed notification")
        guard case .string(let method)? = message["method"],
            method == "transition/tick" || method == "transition/didEnd"
        else {
            fuzzFailure("a routed message is neither transition/tick nor transition/didEnd", body)
        }
        guard let params = message["params"] else { fuzzFailure("\(method) without params", body) }
        if let path = firstNull(in: params) {
            fuzzFailure("\(method) has null (a non-finite number) at params\(path)", body)
        }
    }

    /// A result the host returned, encoded as the dispatcher would: no `null` inside.
    static func checkResult<T: JSONEncodable>(_ result: T, method: String) {
        var w = JSONByteWriter()
        result.encode(to: &w)
        let body = w.bytes
        let value = parse(body, what: "the result of \(method)")
        if case .null = value { return }  // NullResult
        if let path = firstNull(in: value) {
            fuzzFailure(
                "the result of \(method) has null (a non-finite number) at result\(path)", body)
        }
    }

    /// Every number of a tick, checked on the values before encoding.
    static func checkTick(_ tick: TickPayload) {
        var bad: [String] = []
        func check(_ v: Double, _ name: @autoclosure () -> String) {
            if !v.isFinite { bad.append("\(name()) = \(v)") }
        }
        check(tick.time, "time")
        check(tick.sample.fraction, "fraction")
        check(tick.sample.progress, "progress")
        check(tick.sample.velocity, "velocity")
        check(tick.contentOffset.x, "contentOffset.x")
        check(tick.contentOffset.y, "contentOffset.y")
        for v in tick.accessory {
            if case .number(let n) = v.value { check(n, "accessory.\(v.name)") }
        }
        for (i, a) in tick.attributes.records.enumerated() {
            func at() -> String { "attributes[\(i)] (\(a.indexPath.section),\(a.indexPath.item))" }
            for (r, name) in [(a.frame, "frame"), (a.nextFrame ?? a.frame, "nextFrame")] {
                check(r.minX, "\(at()).\(name).x")
                check(r.minY, "\(at()).\(name).y")
                check(r.size.width, "\(at()).\(name).width")
                check(r.size.height, "\(at()).\(name).height")
            }
            check(a.alpha, "\(at()).alpha")
            check(a.transitionProgress, "\(at()).transitionProgress")
            if let t = a.transform {
                for (v, n) in [
                    (t.a, "a"), (t.b, "b"), (t.c, "c"), (t.d, "d"), (t.tx, "tx"), (t.ty, "ty"),
                ] {
                    check(v, "\(at()).transform.\(n)")
                }
            }
            for v in a.values {
                if case .number(let n) = v.value { check(n, "\(at()).values.\(v.name)") }
            }
            if !bad.isEmpty { break }
        }
        if !bad.isEmpty {
            var w = JSONByteWriter()
            tick.encode(to: &w)
            fuzzFailure(
                "tick has non-finite numbers: " + bad.prefix(8).joined(separator: ", "), w.bytes)
        }
    }
}
