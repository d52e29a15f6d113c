/// Reads the fuzzer's bytes as choices; past the end every read is 0.
struct FuzzBytes {
    let data: [UInt8]
    private(set) var position = 0

    init(_ data: [UInt8]) { self.data = data }

    var isExhausted: Bool { position >= data.count }

    mutating func byte() -> UInt8 {
        guard position < data.count else { return 0 }
        defer { position += 1 }
        return data[position]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A number in 0..<n (n > 0).
    mutating func below(_ n: Int) -> Int { Int(byte()) % n }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    mutating func uint16() -> Int { Int(byte()) << 8 | Int(byte()) }
}
