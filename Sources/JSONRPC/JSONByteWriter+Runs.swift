/// Array elements written with one reservation and a cursor: the columns of a tick are
/// runs of numbers (four doubles per frame), and writing them through `write` paid, for
/// each, a separate reservation and reloads of the writer's fields after every store
/// through its buffer.
extension JSONByteWriter {
    /// Writes `a`, `b`, `c` and `d` as the next four elements of an array (a frame's x,
    /// y, width and height), each as `write(_:decimals:)` writes it.
    @inlinable
    public mutating func writeElements(
        _ a: Double, _ b: Double, _ c: Double, _ d: Double, decimals: Int
    ) {
        // Four texts of at most 24 bytes, their separators, and the 7 bytes a digit
        // store may write past the last.
        reserve(4 * 25 + 40)
        var end = base + count
        if needsComma {
            end.pointee = UInt8(ascii: ",")
            end += 1
        }
        // The recent texts read once: each byte stored through `end` could be one of the
        // writer's own fields, so a field read after it is read again.
        let recent = recentTexts(places: decimals)
        end = appendRecent(a, places: decimals, at: end, recent)
        end.pointee = UInt8(ascii: ",")
        end = appendRecent(b, places: decimals, at: end + 1, recent)
        end.pointee = UInt8(ascii: ",")
        end = appendRecent(c, places: decimals, at: end + 1, recent)
        end.pointee = UInt8(ascii: ",")
        end = appendRecent(d, places: decimals, at: end + 1, recent)
        count = end - base
        needsComma = true
    }

    /// The recent texts that `appendReserved` would look in for `places`, if any.
    @inlinable @inline(__always)
    func recentTexts(places: Int) -> RecentDoubles? {
        if places < 0 { return recentDoubles }
        return fixedDecimals == Swift.min(places, Self.maximumDecimals) ? recentFixed : nil
    }

    /// `appendReserved` with the recent texts given: a value found there is copied
    /// without reading the writer's fields.
    @inlinable @inline(__always)
    mutating func appendRecent(
        _ value: Double, places: Int, at end: UnsafeMutablePointer<UInt8>,
        _ recent: RecentDoubles?
    ) -> UnsafeMutablePointer<UInt8> {
        if let recent {
            let length = recent.copy(value.bitPattern, to: end)
            if length != 0 { return end + length }
        }
        return appendReserved(value, places: places, at: end)
    }

    /// Writes `value` as the next element of an array, as `write(_:decimals:)` does.
    @inlinable
    public mutating func writeElement(_ value: Double, decimals: Int) {
        reserve(41)
        var end = base + count
        if needsComma {
            end.pointee = UInt8(ascii: ",")
            end += 1
        }
        count = appendReserved(value, places: decimals, at: end) - base
        needsComma = true
    }

    /// Writes `value` as the next element of an array, as `write(_:)` does.
    @inlinable
    public mutating func writeElement(_ value: Int) {
        // A sign, 19 digits, a separator, and the 7 bytes a digit store may write past.
        reserve(28)
        var end = base + count
        if needsComma {
            end.pointee = UInt8(ascii: ",")
            end += 1
        }
        if UInt(bitPattern: value) < 10 {
            end.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
            count = end + 1 - base
        } else {
            count = end - base
            appendLongerInteger(Int64(value))
        }
        needsComma = true
    }

    /// Writes each of `numbers` as the next element of an array, as `writeElement` does.
    /// A positive number one more than the one before (the items of a row of cells) is
    /// that one's text with its last digit carried, not converted again.
    public mutating func writeElements(integers numbers: UnsafeBufferPointer<Int>) {
        // Room for every successor (a comma and at most 20 digits each) and the words a
        // copy writes past the last.
        reserve(21 * numbers.count + 32)
        var previous = Int.min
        // Where the text of `previous` lies, when it was written as one of these.
        var textStart = 0
        var textLength = 0
        for v in numbers {
            if v == previous &+ 1, v > 0, textLength > 0, appendSuccessor(textStart, textLength) {
                textStart = count - textLength
            } else {
                textStart = count + (needsComma ? 1 : 0)
                writeElement(v)
                textLength = count - textStart
            }
            previous = v
        }
    }

    /// Appends a comma and the digits at `start` (`length` of them, at most 20, the
    /// last text written) plus one, in room reserved for it; false, with nothing
    /// written, when every digit is 9 (the successor is one digit longer).
    @inline(__always)
    private mutating func appendSuccessor(_ start: Int, _ length: Int) -> Bool {
        let source = UnsafeRawPointer(base + start)
        let words = (
            source.loadUnaligned(as: UInt64.self),
            source.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            source.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        )
        let text = base + count + 1
        let destination = UnsafeMutableRawPointer(text)
        destination.storeBytes(of: words.0, as: UInt64.self)
        destination.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
        destination.storeBytes(of: words.2, toByteOffset: 16, as: UInt64.self)
        var k = length - 1
        while k >= 0 && text[k] == UInt8(ascii: "9") {
            text[k] = UInt8(ascii: "0")
            k -= 1
        }
        guard k >= 0 else { return false }
        text[k] += 1
        base[count] = UInt8(ascii: ",")
        count += length + 1
        needsComma = true
        return true
    }

    /// Writes `value` as the next `count` elements of an array, as `writeElement` writes
    /// each: the text once, then copied (a column every element shares, such as alpha 1
    /// or a z-index of 0).
    public mutating func writeElements(repeating value: Double, decimals: Int, count n: Int) {
        guard n > 0 else { return }
        let start = count + (needsComma ? 1 : 0)
        writeElement(value, decimals: decimals)
        repeatLastElement(from: start, times: n - 1)
    }

    /// Writes `value` as the next `count` elements of an array, as `writeElement` writes
    /// each: the text once, then copied.
    public mutating func writeElements(repeating value: Int, count n: Int) {
        guard n > 0 else { return }
        let start = count + (needsComma ? 1 : 0)
        writeElement(value)
        repeatLastElement(from: start, times: n - 1)
    }

    /// Appends `times` copies of a comma and the text from `start` to the end, each copy
    /// doubling what is copied.
    private mutating func repeatLastElement(from start: Int, times: Int) {
        guard times > 0 else { return }
        let length = count - start + 1
        let total = length * times
        reserve(total)
        let run = base + count
        run[0] = UInt8(ascii: ",")
        (run + 1).update(from: base + start, count: length - 1)
        var filled = length
        while filled < total {
            let chunk = Swift.min(filled, total - filled)
            (run + filled).update(from: run, count: chunk)
            filled += chunk
        }
        count += total
    }

    /// Writes the text of `value` (shortest for negative `places`, else rounded to that
    /// many, at most `maximumDecimals`) at `end`, within the reserved room, and returns
    /// the new end: the one lookup of the recent texts, which every double written goes
    /// through; a value not there is converted by `convertDouble` or `convertFixed`
    /// (which read and set `count`, and may move the buffer).
    @inlinable @inline(__always)
    mutating func appendReserved(_ value: Double, places: Int, at end: UnsafeMutablePointer<UInt8>)
        -> UnsafeMutablePointer<UInt8>
    {
        if places < 0 {
            if let recent = recentDoubles {
                let length = recent.copy(value.bitPattern, to: end)
                if length != 0 { return end + length }
            }
            count = end - base
            convertDouble(value)
        } else {
            let places = Swift.min(places, Self.maximumDecimals)
            if fixedDecimals == places, let recent = recentFixed {
                let length = recent.copy(value.bitPattern, to: end)
                if length != 0 { return end + length }
            }
            count = end - base
            convertFixed(value, decimals: places)
        }
        return base + count
    }
}
