/// Memory a `JSONParser` can keep from one parse to the next: its stacks and its
/// cache of short strings.
///
/// A connection parses many similar messages; with a workspace the stacks are
/// allocated once and keys such as `"jsonrpc"`, `"method"` or `"params"` become a
/// `String` once per connection instead of once per message. The `Dispatcher` owns
/// one.
///
/// - Important: Not thread-safe: use a workspace from one thread at a time.
public final class JSONParserWorkspace {
    var storage: JSONParserStorage

    /// Creates an empty workspace (64 cache slots).
    public init() {
        storage = JSONParserStorage(shortStringSlotBits: 6)
    }

    deinit {
        storage.deallocate()
    }
}

/// The parser's reusable memory (pointers to manually managed blocks).
struct JSONParserStorage {
    var scratch: [UInt8]
    var elementStack: ParserStack<JSONValue>
    var memberStack: ParserStack<JSONObject.Member>
    var keySpans: ParserStack<Range<Int>>
    var shortStrings: ShortStringCache

    /// Fresh memory with a short-string cache of 2^`shortStringSlotBits` slots.
    init(shortStringSlotBits: Int) {
        scratch = []
        elementStack = ParserStack()
        memberStack = ParserStack()
        keySpans = ParserStack()
        shortStrings = ShortStringCache(slotBits: shortStringSlotBits)
    }

    init(
        scratch: [UInt8], elementStack: ParserStack<JSONValue>,
        memberStack: ParserStack<JSONObject.Member>,
        keySpans: ParserStack<Range<Int>>, shortStrings: ShortStringCache
    ) {
        self.scratch = scratch
        self.elementStack = elementStack
        self.memberStack = memberStack
        self.keySpans = keySpans
        self.shortStrings = shortStrings
    }

    /// Empties the stacks (after a parse error values may be left on them).
    mutating func clear() {
        elementStack.pop(from: 0)
        memberStack.pop(from: 0)
        keySpans.pop(from: 0)
    }

    /// Frees everything (once, at the end).
    func deallocate() {
        elementStack.deallocate()
        memberStack.deallocate()
        keySpans.deallocate()
        shortStrings.deallocate()
    }
}
