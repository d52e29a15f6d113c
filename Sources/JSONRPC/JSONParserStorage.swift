/// The parser's reusable memory (pointers to manually managed blocks).
struct JSONParserStorage {
    var scratch: [UInt8]
    var elementStack: ParserStack<JSONValue>
    var memberStack: ParserStack<JSONObject.Member>
    var keySpans: ParserStack<Range<Int>>
    var shortStrings: ShortStringCache
    var methodNames = MethodNameCache()

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
        keySpans: ParserStack<Range<Int>>, shortStrings: ShortStringCache,
        methodNames: MethodNameCache
    ) {
        self.scratch = scratch
        self.elementStack = elementStack
        self.memberStack = memberStack
        self.keySpans = keySpans
        self.shortStrings = shortStrings
        self.methodNames = methodNames
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
        methodNames.deallocate()
    }
}
