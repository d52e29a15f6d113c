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
