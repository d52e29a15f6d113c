/// The members of a message object that JSON-RPC reads; every other member is
/// ignored.
///
/// `Message(envelope:)` checks them. A message body is parsed straight into one (see
/// `JSONParser.parseBody`), so the members of a single message are never gathered
/// into a `JSONObject` only to be looked up once and freed.
public struct MessageEnvelope: Equatable, Sendable {
    /// One of the members read, by name.
    public enum Member: CaseIterable, Sendable {
        case jsonrpc, id, method, params, result, error

        /// The member a key names, compared as strings are (by canonical
        /// equivalence, as `JSONObject` compares keys); nil for any other key.
        init?(key: String) {
            switch key {
            case "jsonrpc": self = .jsonrpc
            case "id": self = .id
            case "method": self = .method
            case "params": self = .params
            case "result": self = .result
            case "error": self = .error
            default: return nil
            }
        }

        /// The member named by a plain ASCII key of at most 8 bytes, given packed
        /// little-endian into a word (`"id"` is `0x6469`). No such key has a zero
        /// byte, so the word alone tells its length.
        init?(packedKey: UInt64) {
            switch packedKey {
            case 0x0063_7072_6e6f_736a: self = .jsonrpc
            case 0x6469: self = .id
            case 0x0000_646f_6874_656d: self = .method
            case 0x0000_736d_6172_6170: self = .params
            case 0x0000_746c_7573_6572: self = .result
            case 0x0000_0072_6f72_7265: self = .error
            default: return nil
            }
        }
    }

    public var jsonrpc: JSONValue?
    public var id: JSONValue?
    public var method: JSONValue?
    public var params: JSONValue?
    public var result: JSONValue?
    public var error: JSONValue?

    /// An envelope with no members.
    public init() {}

    /// The members of `object` that JSON-RPC reads.
    public init(_ object: JSONObject) {
        for member in object.members {
            if let named = Member(key: member.key) { set(named, to: member.value) }
        }
    }

    /// Sets a member (a later value of a repeated key replaces an earlier one, as in
    /// a parsed `JSONObject`).
    mutating func set(_ member: Member, to value: JSONValue) {
        switch member {
        case .jsonrpc: jsonrpc = value
        case .id: id = value
        case .method: method = value
        case .params: params = value
        case .result: result = value
        case .error: error = value
        }
    }
}
