import JSONRPC
import TransitionEngine

/// A `transition/tick` as one binary frame (Protocol 8.3): the magic `tdb` and version 1,
/// the header's length (u32, little-endian), the header (the tick's params as JSON text,
/// whose `attributes` say where each column lies), spaces up to a multiple of 8 bytes,
/// then the columns. A page reads each column as a typed array without parsing it.
enum BinaryTickWriter {
    static let magic: [UInt8] = [0x74, 0x64, 0x62, 0x01]

    /// The frame's bytes.
    /// - Complexity: O(n k) for n elements and k columns (values included).
    static func bytes(_ tick: TickPayload) -> [UInt8] {
        var columns = BinaryColumns(count: tick.attributes.count)
        var header = JSONByteWriter(capacity: 512)
        tick.encode(to: &header) { w in
            tick.attributes.withUnsafeBufferPointer { list in
                writeAttributes(list, kinds: tick.kinds, columns: &columns, to: &w)
            }
        }
        let text = header.bytes
        let columnStart = (8 + text.count + 7) & ~7
        var out = magic
        out.reserveCapacity(columnStart + columns.body.count)
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: text.count).littleEndian) {
            out.append(contentsOf: $0)
        }
        out.append(contentsOf: text)
        out.append(contentsOf: repeatElement(0x20, count: columnStart - out.count))
        out.append(contentsOf: columns.body)
        return out
    }

    /// `{"count", "states", "kinds"?, "id"?, "hidden"?, "columns", "values"?}`: what the
    /// compact encoding holds as JSON arrays is a column here, except ids, the indices of
    /// hidden elements and values that are neither numbers nor colours.
    private static func writeAttributes(
        _ list: UnsafeBufferPointer<LayoutAttributes>, kinds: ElementKindTable,
        columns c: inout BinaryColumns, to w: inout JSONByteWriter
    ) {
        w.beginObject()
        w.writeKey("count")
        w.write(list.count)
        var states: [String] = []
        var stateOf: [Int] = []
        stateOf.reserveCapacity(list.count)
        var highestKind = 0
        for i in list.indices {
            let name = list[i].layoutState
            // Neighbours share their state (every cell of a layout): the last one first.
            if let last = stateOf.last, states[last] == name {
                stateOf.append(last)
            } else if let known = states.firstIndex(of: name) {
                stateOf.append(known)
            } else {
                stateOf.append(states.count)
                states.append(name)
            }
            highestKind = Swift.max(highestKind, list[i].kind.code)
        }
        w.writeKey("states")
        w.beginArray()
        for s in states { w.write(s) }
        w.endArray()
        if highestKind >= ElementKind.firstCustomCode {
            w.writeKey("kinds")
            w.beginArray()
            for code in ElementKind.firstCustomCode...highestKind {
                w.write(kinds.name(of: ElementKind(code: code)))
            }
            w.endArray()
        }
        if list.contains(where: { $0.id != nil }) {
            w.writeKey("id")
            w.beginArray()
            for i in list.indices {
                if let id = list[i].id {
                    AttributeWriter.writeID(id, to: &w)
                } else {
                    w.writeNull()
                }
            }
            w.endArray()
        }
        if list.contains(where: { $0.isHidden }) {
            w.writeKey("hidden")
            w.beginArray()
            for i in list.indices where list[i].isHidden { w.write(i) }
            w.endArray()
        }
        w.writeKey("columns")
        w.beginObject()
        w.writeKey("kind")
        c.writeIntegers(to: &w) { list[$0].kind.code }
        w.writeKey("section")
        c.writeIntegers(to: &w) { list[$0].indexPath.section }
        w.writeKey("item")
        c.writeIntegers(to: &w) { list[$0].indexPath.item }
        writeRect("x", "y", "width", "height", of: list, columns: &c, to: &w) { $0.frame }
        w.writeKey("alpha")
        c.writeReals(to: &w) { list[$0].alpha }
        w.writeKey("zIndex")
        c.writeIntegers(to: &w) { list[$0].zIndex }
        w.writeKey("transitionProgress")
        c.writeReals(to: &w) { list[$0].transitionProgress }
        writeRect("nextX", "nextY", "nextWidth", "nextHeight", of: list, columns: &c, to: &w) {
            $0.nextFrame ?? $0.frame
        }
        w.writeKey("layoutState")
        c.writeIntegers(to: &w) { stateOf[$0] }
        if list.contains(where: { $0.transform != nil }) {
            writeTransforms(list, columns: &c, to: &w)
        }
        w.endObject()
        writeValues(list, columns: &c, to: &w)
        w.endObject()
    }

    /// Four columns of a rect per element, so a size all elements share is one number.
    private static func writeRect(
        _ x: StaticString, _ y: StaticString, _ width: StaticString, _ height: StaticString,
        of list: UnsafeBufferPointer<LayoutAttributes>, columns c: inout BinaryColumns,
        to w: inout JSONByteWriter, _ rect: (LayoutAttributes) -> Rect
    ) {
        w.writeKey(x)
        c.writeReals(to: &w) { rect(list[$0]).minX }
        w.writeKey(y)
        c.writeReals(to: &w) { rect(list[$0]).minY }
        w.writeKey(width)
        c.writeReals(to: &w) { rect(list[$0]).size.width }
        w.writeKey(height)
        c.writeReals(to: &w) { rect(list[$0]).size.height }
    }

    /// `transformA` ... `transformTy`, the identity where an element has none.
    private static func writeTransforms(
        _ list: UnsafeBufferPointer<LayoutAttributes>, columns c: inout BinaryColumns,
        to w: inout JSONByteWriter
    ) {
        let parts: [(StaticString, (AffineTransform) -> Double)] = [
            ("transformA", { $0.a }), ("transformB", { $0.b }), ("transformC", { $0.c }),
            ("transformD", { $0.d }), ("transformTx", { $0.tx }), ("transformTy", { $0.ty }),
        ]
        for (key, part) in parts {
            w.writeKey(key)
            c.writeReals(to: &w) { part(list[$0].transform ?? .identity) }
        }
    }

    /// `"values"`, per name: a column of numbers (NaN where an element lacks it), a
    /// column of colours (when every element has one), or else compact's JSON array.
    private static func writeValues(
        _ list: UnsafeBufferPointer<LayoutAttributes>, columns c: inout BinaryColumns,
        to w: inout JSONByteWriter
    ) {
        var names: [String] = []
        for i in list.indices {
            for v in list[i].values where !names.contains(v.name) { names.append(v.name) }
        }
        guard !names.isEmpty else { return }
        w.writeKey("values")
        w.beginObject()
        for name in names {
            let value = { (i: Int) in list[i].values.first(where: { $0.name == name })?.value }
            var numbers = true
            var colors = true
            for i in list.indices {
                switch value(i) {
                case .number?: colors = false
                case .color?: numbers = false
                case nil: colors = false
                case .bool?, .string?:
                    numbers = false
                    colors = false
                }
            }
            w.writeKey(name)
            if numbers {
                c.writeReals(to: &w) {
                    if case .number(let n)? = value($0) { return n }
                    return .nan
                }
            } else if colors {
                c.writeColors(to: &w) {
                    if case .color(let color)? = value($0) { return color }
                    return Color(red: 0, green: 0, blue: 0, alpha: 0)
                }
            } else {
                w.beginArray()
                for i in list.indices {
                    if let v = value(i) {
                        AttributeWriter.writeValue(v, to: &w)
                    } else {
                        w.writeNull()
                    }
                }
                w.endArray()
            }
        }
        w.endObject()
    }
}
