/// A growable stack in manually managed memory, for the parser's pending array
/// elements and object members.
///
/// Pushing does no copy-on-write check. Popping a run of elements moves them, one by
/// one and without retaining them again, into a new array reserved at exactly their
/// count. The owner must call `deallocate()` (which also destroys what is left, e.g.
/// after a parse error).
struct ParserStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Elements currently on the stack.
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = capacity
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    /// Pushes an element.
    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Removes the elements from `first` to the top, returning them in order.
    mutating func popArray(from first: Int) -> [Element] {
        let length = count - first
        guard length > 0 else { return [] }
        var result: [Element] = []
        result.reserveCapacity(length)
        for index in first..<count {
            result.append((base + index).move())
        }
        count = first
        return result
    }

    /// The element at `index` (from the bottom).
    @inline(__always)
    subscript(index: Int) -> Element {
        base[index]
    }

    /// Removes the elements from `first` to the top.
    mutating func pop(from first: Int) {
        (base + first).deinitialize(count: count - first)
        count = first
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Destroys the remaining elements and frees the memory.
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
