#if canImport(Glibc)
    import Glibc
#endif

/// What the client needs from one `transition/tick`: whose it is, its number, and how
/// many attributes it carries. Read from the first bytes of the daemon's ticks
/// (`{"jsonrpc":"2.0","method":"transition/tick","params":{"session":…,"seq":…`, or the
/// header of a binary tick frame, `{"session":…,"seq":…`) and, for `objects`, by
/// counting the elements; nil when the body is not a tick.
struct TickSkim {
    var session: Int
    var seq: Int64
    var attributes: Int
    /// The `session` string as written ("s12").
    var sessionName: String { "s\(session)" }

    private static let prefix = Array(
        #"{"jsonrpc":"2.0","method":"transition/tick","params":{"session":"s"#.utf8)
    private static let binaryMagic: [UInt8] = [0x74, 0x64, 0x62, 0x01]
    private static let binaryPrefix = Array(#"{"session":"s"#.utf8)
    private static let seqKey = Array(#""seq":"#.utf8)
    private static let attributesKey = Array(#""attributes":"#.utf8)
    private static let countKey = Array(#"{"count":"#.utf8)
    private static let kindKey = Array(#"{"kind":"#.utf8)

    /// A tick written as JSON text (`objects` or `compact`).
    init?(_ body: UnsafeRawBufferPointer) {
        self.init(params: body, prefix: TickSkim.prefix)
    }

    /// A binary tick frame (Protocol 8.3): the magic, the header's length (u32,
    /// little-endian), then the header, the tick's params as JSON text. Only the header
    /// is read: its `attributes` start with `{"count":N`, as compact's do.
    init?(binaryFrame frame: UnsafeRawBufferPointer) {
        guard frame.count >= 8, memcmp(frame.baseAddress!, TickSkim.binaryMagic, 4) == 0 else {
            return nil
        }
        let length = Int(frame.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian)
        guard 8 + length <= frame.count else { return nil }
        self.init(
            params: UnsafeRawBufferPointer(rebasing: frame[8..<(8 + length)]),
            prefix: TickSkim.binaryPrefix)
    }

    /// `body` starts with `prefix`, which ends at the session's number.
    private init?(params body: UnsafeRawBufferPointer, prefix: [UInt8]) {
        guard body.count > prefix.count, memcmp(body.baseAddress!, prefix, prefix.count) == 0 else {
            return nil
        }
        var i = prefix.count
        var session = 0
        while i < body.count, body[i] >= 0x30, body[i] <= 0x39 {
            session = session * 10 + Int(body[i] - 0x30)
            i += 1
        }
        self.session = session
        let base = body.baseAddress!
        func find(_ needle: [UInt8], from: Int) -> Int? {
            guard from < body.count, let p = findBytes(base + from, body.count - from, needle)
            else { return nil }
            return from + p
        }
        guard let s = find(TickSkim.seqKey, from: i) else { return nil }
        var j = s + TickSkim.seqKey.count
        var seq: Int64 = 0
        while j < body.count, body[j] >= 0x30, body[j] <= 0x39 {
            seq = seq * 10 + Int64(body[j] - 0x30)
            j += 1
        }
        self.seq = seq
        guard let a = find(TickSkim.attributesKey, from: j) else { return nil }
        let v = a + TickSkim.attributesKey.count
        var count = 0
        if v < body.count, body[v] == UInt8(ascii: "{") {
            // compact and binary: {"count":N,...}
            var k = v + TickSkim.countKey.count
            while k < body.count, body[k] >= 0x30, body[k] <= 0x39 {
                count = count * 10 + Int(body[k] - 0x30)
                k += 1
            }
        } else {
            var k = v
            while let f = find(TickSkim.kindKey, from: k) {
                count += 1
                k = f + TickSkim.kindKey.count
            }
        }
        attributes = count
    }
}
