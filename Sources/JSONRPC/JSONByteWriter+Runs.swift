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
        end = appendReserved(a, places: decimals, at: end)
        end.pointee = UInt8(ascii: ",")
        end = appendReserved(b, places: decimals, at: end + 1)
        end.pointee = UInt8(ascii: ",")
        end = appendReserved(c, places: decimals, at: end + 1)
        end.pointee = UInt8(ascii: ",")
        end = appendReserved(d, places: decimals, at: end + 1)
        count = end - base
        needsComma = true
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
