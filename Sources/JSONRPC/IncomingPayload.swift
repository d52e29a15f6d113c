/// The content of one message body: a message, a batch, or why it is neither.
///
/// Follows JSON-RPC 2.0 §6: an array is a batch; an empty array is invalid as a
/// whole (one -32600 answer, not an array); each element of a non-empty batch is
/// checked on its own.
public enum IncomingPayload: Equatable, Sendable {
    /// A single message, or why the value is not one.
    case single(Result<Message, InvalidMessage>)
    /// A non-empty batch, each element checked on its own.
    case batch([Result<Message, InvalidMessage>])
    /// `[]`: answered with one -32600 error object.
    case emptyBatch
    /// A batch of more messages than the dispatcher takes in one: answered with one
    /// -32600 error object, none of its messages handled.
    case oversizedBatch(count: Int)
    /// The body is not JSON: answered with one -32700 error object, id null.
    case parseError(JSONParseError)

    /// Parses and classifies a body.
    /// - Parameters:
    ///   - workspace: Parser memory to reuse, if any (see `JSONParserWorkspace`).
    ///   - maximumBatchLength: The most messages a batch may hold.
    public init(
        body: [UInt8], parser: JSONParser = JSONParser(), workspace: JSONParserWorkspace? = nil,
        maximumBatchLength: Int = .max
    ) {
        // An oversized batch is refused before it is parsed: its tree would take many
        // times the body's size.
        if maximumBatchLength < .max, let count = Self.arrayLength(body), count > maximumBatchLength
        {
            self = .oversizedBatch(count: count)
            return
        }
        let parsed: ParsedBody
        do throws(JSONParseError) {
            if let workspace {
                parsed = try parser.parseBody(body, workspace: workspace)
            } else {
                parsed = try parser.parseBody(body)
            }
        } catch {
            self = .parseError(error)
            return
        }
        switch parsed {
        case .object(let envelope):
            self = .single(Result { () throws(InvalidMessage) in try Message(envelope: envelope) })
        case .other(let value):
            self.init(json: value, maximumBatchLength: maximumBatchLength)
        }
    }

    /// Classifies an already parsed body.
    public init(json: JSONValue, maximumBatchLength: Int = .max) {
        if case .array(let elements) = json {
            if elements.isEmpty {
                self = .emptyBatch
            } else if elements.count > maximumBatchLength {
                self = .oversizedBatch(count: elements.count)
            } else {
                self = .batch(elements.map { Self.check($0) })
            }
        } else {
            self = .single(Self.check(json))
        }
    }

    /// The number of elements of `body` when it is a JSON array (nil otherwise), from
    /// one scan of its bytes: commas outside strings at nesting depth 1. The count is
    /// only meaningful for well-formed JSON; it decides no more than whether a batch is
    /// too long to parse.
    static func arrayLength(_ body: [UInt8]) -> Int? {
        body.withUnsafeBufferPointer { bytes -> Int? in
            var i = 0
            while i < bytes.count,
                bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09
            { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { return nil }
            var depth = 0
            var commas = 0
            var empty = true
            var inString = false
            var escaped = false
            while i < bytes.count {
                let b = bytes[i]
                i += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if b == UInt8(ascii: "\\") {
                        escaped = true
                    } else if b == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch b {
                case UInt8(ascii: "\""):
                    inString = true
                    if depth == 1 { empty = false }
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    if depth == 1 { empty = false }
                    depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return empty ? 0 : commas + 1 }
                case UInt8(ascii: ","):
                    if depth == 1 { commas += 1 }
                case 0x20, 0x0A, 0x0D, 0x09:
                    break
                default:
                    if depth == 1 { empty = false }
                }
            }
            return empty ? 0 : commas + 1
        }
    }

    static func check(_ value: JSONValue) -> Result<Message, InvalidMessage> {
        Result { () throws(InvalidMessage) -> Message in try Message(json: value) }
    }
}
