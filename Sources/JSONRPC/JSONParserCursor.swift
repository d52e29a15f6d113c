/// The parser's position in one input; lives only for one `parse` call.
struct JSONParserCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    let end: Int
    let maximumDepth: Int
    var position: Int = 0
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8]
    /// Elements of the arrays being parsed, innermost last; each array is built
    /// with its exact size when it closes.
    var elementStack: ParserStack<JSONValue>
    /// Members of the objects being parsed, innermost last.
    var memberStack: ParserStack<JSONObject.Member>
    /// For each member on `memberStack`: where its key's bytes are in the input, or
    /// an empty range at -1 when the key had escapes or non-ASCII bytes (compared as
    /// strings then).
    var keySpans: ParserStack<Range<Int>>
    /// Whether the last string parsed was plain ASCII without escapes.
    var lastStringWasPlainASCII = false
    /// Strings already made for short ASCII byte sequences.
    var shortStrings: ShortStringCache
    /// Strings already made for the `method` values of message bodies.
    var methodNames: MethodNameCache
    /// Whether the strings of the value being parsed are likely to repeat in later
    /// inputs (a `method` value), so that long ones are looked up in `methodNames` too.
    var stringsRepeat = false

    /// A cursor at the start of `bytes`, using the given memory.
    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, storage: JSONParserStorage) {
        self.bytes = bytes
        self.end = bytes.count
        self.maximumDepth = maximumDepth
        scratch = storage.scratch
        elementStack = storage.elementStack
        memberStack = storage.memberStack
        keySpans = storage.keySpans
        shortStrings = storage.shortStrings
        methodNames = storage.methodNames
    }

    /// The memory, to keep for the next parse or to free.
    var storage: JSONParserStorage {
        JSONParserStorage(
            scratch: scratch, elementStack: elementStack, memberStack: memberStack,
            keySpans: keySpans, shortStrings: shortStrings, methodNames: methodNames)
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if position < end {
            throw JSONParseError(.trailingCharacters, at: position)
        }
        return value
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < end {
            let byte = bytes[position]
            guard byte <= 0x20,
                byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            else { return }
            position += 1
        }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard position < end else {
            throw JSONParseError(.unexpectedEndOfInput, at: position)
        }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "{"):
            return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["):
            return try parseArray(depth: depth + 1)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case let byte:
            throw JSONParseError(.unexpectedByte(byte), at: position)
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let expected = literal.utf8Start
        for offset in 0..<count {
            guard position < end else {
                throw JSONParseError(.unexpectedEndOfInput, at: position)
            }
            guard bytes[position] == expected[offset] else {
                throw JSONParseError(.unexpectedByte(bytes[position]), at: position)
            }
            position += 1
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        if try openContainer(depth: depth, closing: UInt8(ascii: "]")) { return .array([]) }
        let first = elementStack.count
        while true {
            let element = try parseValue(depth: depth)
            elementStack.push(element)
            if try endOfElement(closing: UInt8(ascii: "]")) {
                return .array(elementStack.popArray(from: first))
            }
        }
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        if try openContainer(depth: depth, closing: UInt8(ascii: "}")) {
            return .object(JSONObject())
        }
        let first = memberStack.count
        while true {
            try expectKey()
            let keyStart = position + 1
            let key = try parseString()
            let keySpan = lastStringWasPlainASCII ? keyStart..<(position - 1) : -1 ..< -1
            try expectColon()
            let value = try parseValue(depth: depth)
            memberStack.push(JSONObject.Member(key: key, value: value))
            keySpans.push(keySpan)
            if try endOfElement(closing: UInt8(ascii: "}")) {
                let object = makeObject(from: first)
                keySpans.pop(from: first)
                return .object(object)
            }
        }
    }

    /// Enters the array or object whose opening bracket is at `position`, at nesting
    /// `depth`; returns true when it is empty (`closing` comes first, and is consumed).
    @inline(__always)
    mutating func openContainer(depth: Int, closing: UInt8) throws(JSONParseError) -> Bool {
        if depth > maximumDepth {
            throw JSONParseError(.nestingTooDeep(limit: maximumDepth), at: position)
        }
        position += 1
        skipWhitespace()
        guard position < end && bytes[position] == closing else { return false }
        position += 1
        return true
    }

    /// Where a member's key must start: its opening quote.
    @inline(__always)
    mutating func expectKey() throws(JSONParseError) {
        guard position < end else {
            throw JSONParseError(.unexpectedEndOfInput, at: position)
        }
        guard bytes[position] == UInt8(ascii: "\"") else {
            throw JSONParseError(.unexpectedByte(bytes[position]), at: position)
        }
    }

    /// Between a member's key and its value: the colon, which is consumed.
    @inline(__always)
    mutating func expectColon() throws(JSONParseError) {
        skipWhitespace()
        guard position < end else {
            throw JSONParseError(.unexpectedEndOfInput, at: position)
        }
        guard bytes[position] == UInt8(ascii: ":") else {
            throw JSONParseError(.unexpectedByte(bytes[position]), at: position)
        }
        position += 1
    }

    /// After an element or a member's value: a comma (another follows; `closing`
    /// right after it is a trailing comma) or `closing`, which ends the container
    /// (returns true). Either is consumed.
    @inline(__always)
    mutating func endOfElement(closing: UInt8) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard position < end else {
            throw JSONParseError(.unexpectedEndOfInput, at: position)
        }
        let byte = bytes[position]
        if byte == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
            if position < end && bytes[position] == closing {
                throw JSONParseError(.trailingComma, at: position)
            }
            return false
        }
        guard byte == closing else {
            throw JSONParseError(.unexpectedByte(byte), at: position)
        }
        position += 1
        return true
    }

    /// Builds the object from the members on the stack from `first` on; the last
    /// value of a repeated key wins, at the key's first position.
    mutating func makeObject(from first: Int) -> JSONObject {
        let count = memberStack.count - first
        let repeated = count > 1 && hasRepeatedKey(from: first)
        let members = memberStack.popArray(from: first)
        if !repeated {
            return JSONObject(uniqueMembers: members)
        }
        var object = JSONObject()
        for member in members {
            object.updateValue(member.value, forKey: member.key)
        }
        return object
    }

    /// Whether two members from `first` on share a key.
    ///
    /// Plain ASCII keys first go through a 64-bit filter of (length, first byte,
    /// last byte): when no two keys collide there, none is repeated, which settles
    /// the common case in O(n). Otherwise keys are compared pairwise, plain ASCII
    /// ones by their input bytes and others as strings; objects with many members
    /// use a hash set.
    func hasRepeatedKey(from first: Int) -> Bool {
        let last = memberStack.count
        if last - first > 16 {
            var seen = Set<String>(minimumCapacity: last - first)
            for index in first..<last where !seen.insert(memberStack[index].key).inserted {
                return true
            }
            return false
        }
        var filter: UInt64 = 0
        var mayRepeat = false
        for index in first..<last {
            let span = keySpans[index]
            guard span.lowerBound >= 0 else {
                mayRepeat = true
                break
            }
            var hash = UInt64(truncatingIfNeeded: span.count)
            if !span.isEmpty {
                hash =
                    hash &* 1031 &+ UInt64(bytes[span.lowerBound]) &* 131
                    &+ UInt64(bytes[span.upperBound - 1])
            }
            let bit: UInt64 = 1 << ((hash &* 0x9E37_79B9_7F4A_7C15) >> 58)
            if filter & bit != 0 {
                mayRepeat = true
                break
            }
            filter |= bit
        }
        guard mayRepeat else { return false }
        for later in (first + 1)..<last {
            for earlier in first..<later {
                let a = keySpans[later]
                let b = keySpans[earlier]
                if a.lowerBound >= 0 && b.lowerBound >= 0 {
                    if a.count == b.count && sameBytes(a, b) { return true }
                } else if memberStack[later].key == memberStack[earlier].key {
                    return true
                }
            }
        }
        return false
    }

    /// Whether two input ranges of equal length hold the same bytes.
    @inline(__always)
    func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        var i = a.lowerBound
        var j = b.lowerBound
        while i < a.upperBound {
            if bytes[i] != bytes[j] { return false }
            i += 1
            j += 1
        }
        return true
    }
}
