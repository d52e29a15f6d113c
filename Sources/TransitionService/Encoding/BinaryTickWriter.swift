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
    @inline(never)
    static func bytes(_ tick: TickPayload) -> [UInt8] {
        var columns = BinaryColumns()
        var header = JSONByteWriter(capacity: 512)
        tick.encode(to: &header) { w in
            writeAttributes(tick.attributes, kinds: tick.kinds, columns: &columns, to: &w)
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
        _ list: AttributeColumns, kinds: ElementKindTable,
        columns c: inout BinaryColumns, to w: inout JSONByteWriter
    ) {
        w.beginObject()
        w.writeKey("count")
        w.write(list.count)
        w.writeKey("states")
        w.beginArray()
        for s in list.stateNames { w.write(s) }
        w.endArray()
        let highestKind = list.placements.reduce(0) { Swift.max($0, $1.key.kind.code) }
        if highestKind >= ElementKind.firstCustomCode {
            w.writeKey("kinds")
            w.beginArray()
            for code in ElementKind.firstCustomCode...highestKind {
                w.write(kinds.name(of: ElementKind(code: code)))
            }
            w.endArray()
        }
        if !list.ids.isEmpty {
            w.writeKey("id")
            w.beginArray()
            for id in list.ids {
                if let id {
                    AttributeWriter.writeID(id, to: &w)
                } else {
                    w.writeNull()
                }
            }
            w.endArray()
        }
        let extras = list.extras
        if extras.contains(where: { $0.isHidden }) {
            w.writeKey("hidden")
            w.beginArray()
            for i in extras.indices where extras[i].isHidden { w.write(i) }
            w.endArray()
        }
        w.writeKey("columns")
        w.beginObject()
        let hasTransform = extras.contains(where: { $0.transform != nil })
        var values: [Double] = []
        values.reserveCapacity(list.count)
        for field in BinaryField.allCases where hasTransform || !field.isTransform {
            field.gather(from: list, into: &values)
            w.writeKey(field.key)
            c.write(values, integers: field.isInteger, to: &w)
        }
        if extras.contains(where: { $0.shape != nil }) {
            writeShapeColumns(extras, values: &values, columns: &c, to: &w)
        }
        w.endObject()
        writeValues(extras, columns: &c, to: &w)
        w.endObject()
    }

    /// The columns of the members of `ShapeColumns` some element has, group by group (NaN
    /// where an element has none); the
    /// border's and the shadow's colours (`borderColor`, `shadowColor`) after their
    /// numbers: a column of colours when every element has one, else compact's array
    /// (null where none).
    @inline(never)
    private static func writeShapeColumns(
        _ extras: [AttributeExtras], values: inout [Double],
        columns c: inout BinaryColumns, to w: inout JSONByteWriter
    ) {
        let present = ShapeColumns.present(in: extras)
        for g in 0..<5 where present[g] {
            for field in ShapeColumns.starts[g]..<ShapeColumns.starts[g + 1] {
                values.removeAll(keepingCapacity: true)
                for x in extras { values.append(ShapeColumns.number(field, of: x.shape)) }
                w.writeKey(ShapeColumns.keys[field])
                c.write(values, integers: false, to: &w)
            }
            if g == 1 || g == 2 { writeColorColumn(extras, shadow: g == 2, columns: &c, to: &w) }
        }
    }

    /// `"borderColor"` or `"shadowColor"`: a column of colours when every element has
    /// one, else compact's array (null where none).
    @inline(never)
    private static func writeColorColumn(
        _ extras: [AttributeExtras], shadow: Bool,
        columns c: inout BinaryColumns, to w: inout JSONByteWriter
    ) {
        w.writeKey(shadow ? "shadowColor" : "borderColor")
        var words: [UInt32] = []
        for x in extras {
            guard let color = ShapeColumns.color(x.shape, shadow: shadow) else { break }
            words.append(BinaryColumns.rgba(color))
        }
        if words.count == extras.count {
            c.write(colors: words, to: &w)
        } else {
            AttributeWriter.writeColorArray(extras, shadow: shadow, to: &w)
        }
    }

    /// `"values"`, per name: a column of numbers (NaN where an element lacks it), a
    /// column of colours (when every element has one), or else compact's JSON array.
    private static func writeValues(
        _ extras: [AttributeExtras], columns c: inout BinaryColumns,
        to w: inout JSONByteWriter
    ) {
        let names = AttributeWriter.valueNames(extras)
        guard !names.isEmpty else { return }
        w.writeKey("values")
        w.beginObject()
        for name in names {
            let value = { (i: Int) in extras[i].values.first(where: { $0.name == name })?.value }
            var numbers = true
            var colors = true
            for i in extras.indices {
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
                c.write(
                    extras.indices.map {
                        if case .number(let n)? = value($0) { return n }
                        return .nan
                    }, integers: false, to: &w)
            } else if colors {
                c.write(
                    colors: extras.indices.map {
                        if case .color(let color)? = value($0) { return BinaryColumns.rgba(color) }
                        return 0
                    }, to: &w)
            } else {
                w.beginArray()
                for i in extras.indices {
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
