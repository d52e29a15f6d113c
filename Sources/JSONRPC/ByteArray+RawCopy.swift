extension Array where Element == UInt8 {
    /// A new array of the bytes in `source`, copied as raw memory: in the WebAssembly
    /// module `Array(buffer)` copies element by element, and messages are copied whole.
    @inlinable
    public init(copyingBytes source: UnsafeRawBufferPointer) {
        #if hasFeature(Embedded)
            guard let from = source.baseAddress, source.count > 0 else {
                self = []
                return
            }
            self.init(unsafeUninitializedCapacity: source.count) { buffer, initializedCount in
                UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(
                    from: from, byteCount: source.count)
                initializedCount = source.count
            }
        #else
            // Here `Array(_:)` of raw bytes is one specialized copy, while
            // `init(unsafeUninitializedCapacity:)` looks the array's generic type up at
            // every call (a cost of its own the size of the allocation's).
            self.init(source)
        #endif
    }
}
