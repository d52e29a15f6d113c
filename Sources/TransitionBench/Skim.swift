#if canImport(Glibc)
    import Glibc
#endif

/// A quick look at a JSON-RPC message without building a tree: where its top-level
/// members are. The same for every server measured, and cheap enough that the client
/// keeps up with a daemon streaming tens of megabytes a second.
struct Skim {
    var id: Range<Int>? = nil
    var method: Range<Int>? = nil
    var result: Range<Int>? = nil
    var error: Range<Int>? = nil
    var params: Range<Int>? = nil

    /// The top-level members of `body`, or nil when it is not a JSON object.
    init?(_ body: UnsafeRawBufferPointer) {
        let b = body.bindMemory(to: UInt8.self)
        var i = skipSpace(b, 0)
        guard i < b.count, b[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        while true {
            i = skipSpace(b, i)
            guard i < b.count else { return nil }
            if b[i] == UInt8(ascii: "}") { return }
            guard b[i] == UInt8(ascii: "\"") else { return nil }
            let keyEnd = skipString(b, i)
            let key = (i + 1)..<(keyEnd - 1)
            i = skipSpace(b, keyEnd)
            guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
            let valueStart = skipSpace(b, i + 1)
            let valueEnd = skipValue(b, valueStart)
            guard valueEnd > valueStart, valueEnd <= b.count else { return nil }
            let range = valueStart..<valueEnd
            switch Skim.name(b, key) {
            case "id": id = range
            case "method": method = range
            case "result": result = range
            case "error": error = range
            case "params": params = range
            default: break
            }
            i = skipSpace(b, valueEnd)
            guard i < b.count else { return nil }
            if b[i] == UInt8(ascii: ",") { i += 1 }
        }
    }

    /// Whether this is a reply (it has an id and no method).
    var isResponse: Bool { id != nil && method == nil }

    private static func name(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> String {
        r.count > 8 ? "" : String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self)
    }

    /// The integer at `range`, when it is one.
    static func integer(_ body: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int64? {
        var n: Int64 = 0
        var negative = false
        var digits = 0
        for i in range {
            let c = body[i]
            if c == UInt8(ascii: "-") && i == range.lowerBound {
                negative = true
            } else if c >= 0x30 && c <= 0x39 {
                n = n &* 10 &+ Int64(c - 0x30)
                digits += 1
            } else {
                return nil
            }
        }
        return digits > 0 ? (negative ? -n : n) : nil
    }

    /// The text at `range` (a string member without its quotes, or raw JSON).
    static func text(_ body: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        var r = range
        if r.count >= 2, body[r.lowerBound] == UInt8(ascii: "\""),
            body[r.upperBound - 1] == UInt8(ascii: "\"")
        {
            r = (r.lowerBound + 1)..<(r.upperBound - 1)
        }
        return String(decoding: UnsafeRawBufferPointer(rebasing: body[r]), as: UTF8.self)
    }
}

private func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
    var i = start
    while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    return i
}

/// The index after the string that starts (with its quote) at `start`.
private func skipString(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
    var i = start + 1
    while i < b.count {
        let c = b[i]
        if c == UInt8(ascii: "\\") {
            i += 2
        } else if c == UInt8(ascii: "\"") {
            return i + 1
        } else {
            i += 1
        }
    }
    return b.count + 1
}

/// The index after the value that starts at `start`.
private func skipValue(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
    guard start < b.count else { return start }
    switch b[start] {
    case UInt8(ascii: "\""):
        return skipString(b, start)
    case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        var i = start
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i = skipString(b, i)
                continue
            }
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
            if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return b.count + 1
    default:
        var i = start
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: ",") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]")
                || c == 0x20 || c == 0x0A
                || c == 0x0D || c == 0x09
            {
                break
            }
            i += 1
        }
        return i
    }
}
