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
    /// The body is not JSON: answered with one -32700 error object, id null.
    case parseError(JSONParseError)

    /// Parses and classifies a body.
    /// - Parameters:
    ///   - workspace: Parser memory to reuse, if any (see `JSONParserWorkspace`).
    public init(
        body: [UInt8], parser: JSONParser = JSONParser(), workspace: JSONParserWorkspace? = nil
    ) {
        let value: JSONValue
        do throws(JSONParseError) {
            if let workspace {
                value = try parser.parse(body, workspace: workspace)
            } else {
                value = try parser.parse(body)
            }
        } catch {
            self = .parseError(error)
            return
        }
        self.init(json: value)
    }

    /// Classifies an already parsed body.
    public init(json: JSONValue) {
        if case .array(let elements) = json {
            if elements.isEmpty {
                self = .emptyBatch
            } else {
                self = .batch(elements.map { Self.check($0) })
            }
        } else {
            self = .single(Self.check(json))
        }
    }

    static func check(_ value: JSONValue) -> Result<Message, InvalidMessage> {
        Result { () throws(InvalidMessage) -> Message in try Message(json: value) }
    }
}
