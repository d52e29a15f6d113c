import JSONRPC
import TransitionEngine

/// Writes layout attributes straight into a `JSONByteWriter`, with no tree in between.
public enum AttributeWriter {
    /// Writes `list` as the value of an `attributes` member; `kinds` names the kinds of
    /// its elements (the session's table).
    public static func write(
        _ list: [LayoutAttributes], format: AttributeFormat, kinds: ElementKindTable,
        to w: inout JSONByteWriter
    ) {
        let d = format.decimals
        switch format.encoding {
        case .objects:
            w.beginArray()
            list.withUnsafeBufferPointer { list in
                for i in list.indices {
                    writeObject(list.baseAddress! + i, decimals: d, kinds: kinds, to: &w)
                }
            }
            w.endArray()
        case .compact, .binary:
            // A binary session's results are JSON text: compact is the nearest to its ticks.
            writeColumns(list, decimals: d, kinds: kinds, to: &w)
        }
    }

    static func writeFrame(_ r: Rect, decimals d: Int, to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("x")
        w.write(r.minX, decimals: d)
        w.writeKey("y")
        w.write(r.minY, decimals: d)
        w.writeKey("width")
        w.write(r.size.width, decimals: d)
        w.writeKey("height")
        w.write(r.size.height, decimals: d)
        w.endObject()
    }

    static func writeID(_ id: ItemID, to w: inout JSONByteWriter) {
        switch id {
        case .int(let v): w.write(v)
        case .string(let s): w.write(s)
        }
    }

    static func writeValue(_ v: AnimatableValue, decimals d: Int = -1, to w: inout JSONByteWriter) {
        switch v {
        case .number(let n): w.write(n, decimals: d)
        case .color(let c): w.write(c.hexString)
        case .bool(let b): w.write(b)
        case .string(let s): w.write(s)
        }
    }

    static func writeTransform(_ t: AffineTransform, decimals d: Int, to w: inout JSONByteWriter) {
        w.beginArray()
        writeTransformValues(t, decimals: d, to: &w)
        w.endArray()
    }

    static func writeTransformValues(
        _ t: AffineTransform, decimals d: Int, to w: inout JSONByteWriter
    ) {
        w.write(t.a, decimals: d)
        w.write(t.b, decimals: d)
        w.write(t.c, decimals: d)
        w.write(t.d, decimals: d)
        w.write(t.tx, decimals: d)
        w.write(t.ty, decimals: d)
    }

    /// `{"kind", "section", "item", "id"?, "frame", "alpha", "zIndex", "hidden"?,
    /// "transform"?, "transitionProgress", "nextFrame"?, "layoutState", "values"?}`.
    /// The record is read in place: passed by value it would be copied (and its strings
    /// and arrays retained) for each element written.
    static func writeObject(
        _ record: UnsafePointer<LayoutAttributes>, decimals d: Int, kinds: ElementKindTable,
        to w: inout JSONByteWriter
    ) {
        w.beginObject()
        w.writeKey("kind")
        w.write(kinds.name(of: record.pointee.kind))
        w.writeKey("section")
        w.write(record.pointee.indexPath.section)
        w.writeKey("item")
        w.write(record.pointee.indexPath.item)
        if let id = record.pointee.id {
            w.writeKey("id")
            writeID(id, to: &w)
        }
        w.writeKey("frame")
        writeFrame(record.pointee.frame, decimals: d, to: &w)
        w.writeKey("alpha")
        w.write(record.pointee.alpha, decimals: d)
        w.writeKey("zIndex")
        w.write(record.pointee.zIndex)
        if record.pointee.isHidden {
            w.writeKey("hidden")
            w.write(true)
        }
        if let t = record.pointee.transform {
            w.writeKey("transform")
            writeTransform(t, decimals: d, to: &w)
        }
        w.writeKey("transitionProgress")
        w.write(record.pointee.transitionProgress, decimals: d)
        if let next = record.pointee.nextFrame {
            w.writeKey("nextFrame")
            writeFrame(next, decimals: d, to: &w)
        }
        w.writeKey("layoutState")
        w.write(record.pointee.layoutState)
        if !record.pointee.values.isEmpty {
            w.writeKey("values")
            w.beginObject()
            for v in record.pointee.values {
                w.writeKey(v.name)
                writeValue(v.value, decimals: d, to: &w)
            }
            w.endObject()
        }
        if let shape = record.pointee.shape { writeShape(shape, decimals: d, to: &w) }
        w.endObject()
    }

    /// `"cornerRadius"` (one number when the four are equal), `"border"`, `"shadow"`,
    /// `"contentAlpha"` and `"contentScale"`, each only when the element has it. Keys and
    /// members through small functions kept out of line: `writeKey` is inlined where it
    /// is called, and these members are rare.
    @inline(never)
    static func writeShape(_ s: ElementShape, decimals d: Int, to w: inout JSONByteWriter) {
        if let r = s.cornerRadius {
            key("cornerRadius", &w)
            if let radius = r.uniform {
                w.write(radius, decimals: d)
            } else {
                shapeNumbers(s, 0, 4, d, &w)
            }
        }
        if let border = s.border {
            key("border", &w)
            w.beginObject()
            member("width", border.width, d, &w)
            colorMember(border.color, &w)
            w.endObject()
        }
        if let shadow = s.shadow {
            key("shadow", &w)
            w.beginObject()
            member("radius", shadow.radius, d, &w)
            member("opacity", shadow.opacity, d, &w)
            key("offset", &w)
            w.beginObject()
            member("x", shadow.offset.x, d, &w)
            member("y", shadow.offset.y, d, &w)
            w.endObject()
            colorMember(shadow.color, &w)
            w.endObject()
        }
        if s.content?.alpha != nil {
            key("contentAlpha", &w)
            shapeNumbers(s, 9, 11, d, &w)
        }
        if s.content?.scale != nil {
            key("contentScale", &w)
            w.beginArray()
            shapeNumbers(s, 11, 13, d, &w)
            shapeNumbers(s, 13, 15, d, &w)
            w.endArray()
        }
    }

    @inline(never)
    static func key(_ key: StaticString, _ w: inout JSONByteWriter) { w.writeKey(key) }

    @inline(never)
    static func member(_ key: StaticString, _ v: Double, _ d: Int, _ w: inout JSONByteWriter) {
        w.writeKey(key)
        w.write(v, decimals: d)
    }

    @inline(never)
    static func colorMember(_ c: Color, _ w: inout JSONByteWriter) {
        w.writeKey("color")
        w.write(c.hexString)
    }

    /// `[...]`: fields `first..<end` (`ShapeColumns`) of `s`.
    @inline(never)
    static func shapeNumbers(
        _ s: ElementShape, _ first: Int, _ end: Int, _ d: Int, _ w: inout JSONByteWriter
    ) {
        w.beginArray()
        for field in first..<end { w.write(ShapeColumns.number(field, of: s), decimals: d) }
        w.endArray()
    }

    /// Columns: `{"count", "kind" (the session's kind codes: 0 cell, 1 header, 2 footer,
    /// 3 and up `kinds`), "section", "item", "frame" (4 per element), "alpha",
    /// "zIndex", "transitionProgress", "nextFrame" (4 per element, the frame itself when
    /// there is none), "states" and "layoutState" (indices into states), then only when
    /// some element has them: "id" (null where none), "hidden" (indices of hidden
    /// elements), "transform" (6 per element, identity where none), "values" (per name,
    /// one per element, null where the element lacks it), "kinds" (the names of codes 3
    /// up to the highest in the list)}.
    static func writeColumns(
        _ attributes: [LayoutAttributes], decimals d: Int, kinds: ElementKindTable,
        to w: inout JSONByteWriter
    ) {
        // Fields are read in place through the buffer: `for a in list` would copy each
        // record (and retain its strings and arrays) once per column.
        attributes.withUnsafeBufferPointer { list in
            writeColumns(list, decimals: d, kinds: kinds, to: &w)
        }
    }

    private static func writeColumns(
        _ list: UnsafeBufferPointer<LayoutAttributes>, decimals d: Int, kinds: ElementKindTable,
        to w: inout JSONByteWriter
    ) {
        w.beginObject()
        w.writeKey("count")
        w.write(list.count)
        var highestKind = 0
        writeColumn("kind", of: list, to: &w) { i, w in
            let code = list[i].kind.code
            highestKind = Swift.max(highestKind, code)
            w.writeElement(code)
        }
        writeColumn("section", of: list, to: &w) { i, w in
            w.writeElement(list[i].indexPath.section)
        }
        writeColumn("item", of: list, to: &w) { i, w in w.writeElement(list[i].indexPath.item) }
        writeColumn("frame", of: list, to: &w) { i, w in
            let r = list[i].frame
            w.writeElements(r.minX, r.minY, r.size.width, r.size.height, decimals: d)
        }
        writeColumn("alpha", of: list, to: &w) { i, w in
            w.writeElement(list[i].alpha, decimals: d)
        }
        writeColumn("zIndex", of: list, to: &w) { i, w in w.writeElement(list[i].zIndex) }
        writeColumn("transitionProgress", of: list, to: &w) { i, w in
            w.writeElement(list[i].transitionProgress, decimals: d)
        }
        writeColumn("nextFrame", of: list, to: &w) { i, w in
            let r = list[i].nextFrame ?? list[i].frame
            w.writeElements(r.minX, r.minY, r.size.width, r.size.height, decimals: d)
        }
        writeLayoutStates(list, to: &w)
        if highestKind >= ElementKind.firstCustomCode {
            w.writeKey("kinds")
            w.beginArray()
            for code in ElementKind.firstCustomCode...highestKind {
                w.write(kinds.name(of: ElementKind(code: code)))
            }
            w.endArray()
        }
        writeOptionalColumns(list, decimals: d, to: &w)
        writeValueColumns(list, decimals: d, to: &w)
        writeShapeColumns(list, decimals: d, to: &w)
        w.endObject()
    }

    /// `"key": [...]`, what `writeElement` writes for each index in turn. It takes the index,
    /// not the record: a record passed by value would be copied (and its strings and arrays
    /// retained) once per column.
    @inline(__always)
    private static func writeColumn(
        _ key: StaticString, of list: UnsafeBufferPointer<LayoutAttributes>,
        to w: inout JSONByteWriter,
        _ writeElement: (Int, inout JSONByteWriter) -> Void
    ) {
        w.writeKey(key)
        w.beginArray()
        for i in list.indices { writeElement(i, &w) }
        w.endArray()
    }

    /// `"layoutState"` (indices into `"states"`), then `"states"`.
    private static func writeLayoutStates(
        _ list: UnsafeBufferPointer<LayoutAttributes>, to w: inout JSONByteWriter
    ) {
        var states: [String] = []
        w.writeKey("layoutState")
        w.beginArray()
        var state = -1
        for i in list.indices {
            // Neighbours share their state (every cell of a layout): the last one first.
            if state < 0 || states[state] != list[i].layoutState {
                if let known = states.firstIndex(of: list[i].layoutState) {
                    state = known
                } else {
                    state = states.count
                    states.append(list[i].layoutState)
                }
            }
            w.writeElement(state)
        }
        w.endArray()
        w.writeKey("states")
        w.beginArray()
        for s in states { w.write(s) }
        w.endArray()
    }

    /// `"id"`, `"hidden"` and `"transform"`, each only when some element has it.
    private static func writeOptionalColumns(
        _ list: UnsafeBufferPointer<LayoutAttributes>, decimals d: Int,
        to w: inout JSONByteWriter
    ) {
        if list.indices.contains(where: { list[$0].id != nil }) {
            w.writeKey("id")
            w.beginArray()
            for i in list.indices {
                if let id = list[i].id { writeID(id, to: &w) } else { w.writeNull() }
            }
            w.endArray()
        }
        if list.indices.contains(where: { list[$0].isHidden }) {
            w.writeKey("hidden")
            w.beginArray()
            for i in list.indices where list[i].isHidden { w.write(i) }
            w.endArray()
        }
        if list.indices.contains(where: { list[$0].transform != nil }) {
            w.writeKey("transform")
            w.beginArray()
            for i in list.indices {
                writeTransformValues(list[i].transform ?? .identity, decimals: d, to: &w)
            }
            w.endArray()
        }
    }

    /// `"cornerRadius"` (4 per element), `"border"` (`{"width", "color"}`), `"shadow"`
    /// (`{"radius", "opacity", "offset" (2 per element), "color"}`), `"contentAlpha"` (2
    /// per element) and `"contentScale"` (4 per element), null where an element has
    /// none; each only when some element has it.
    @inline(never)
    private static func writeShapeColumns(
        _ list: UnsafeBufferPointer<LayoutAttributes>, decimals d: Int,
        to w: inout JSONByteWriter
    ) {
        guard list.contains(where: { $0.shape != nil }) else { return }
        let present = ShapeColumns.present(in: list)
        if present[0] {
            key("cornerRadius", &w)
            writeShapeNumbers(0, 4, of: list, decimals: d, to: &w)
        }
        if present[1] {
            key("border", &w)
            w.beginObject()
            key("width", &w)
            writeShapeNumbers(4, 5, of: list, decimals: d, to: &w)
            writeColors(of: list, shadow: false, to: &w)
            w.endObject()
        }
        if present[2] {
            key("shadow", &w)
            w.beginObject()
            key("radius", &w)
            writeShapeNumbers(5, 6, of: list, decimals: d, to: &w)
            key("opacity", &w)
            writeShapeNumbers(6, 7, of: list, decimals: d, to: &w)
            key("offset", &w)
            writeShapeNumbers(7, 9, of: list, decimals: d, to: &w)
            writeColors(of: list, shadow: true, to: &w)
            w.endObject()
        }
        if present[3] {
            key("contentAlpha", &w)
            writeShapeNumbers(9, 11, of: list, decimals: d, to: &w)
        }
        if present[4] {
            key("contentScale", &w)
            writeShapeNumbers(11, 15, of: list, decimals: d, to: &w)
        }
    }

    /// Fields `first..<end` (`ShapeColumns`) of each element in turn, null where it has
    /// none.
    @inline(never)
    private static func writeShapeNumbers(
        _ first: Int, _ end: Int, of list: UnsafeBufferPointer<LayoutAttributes>,
        decimals d: Int, to w: inout JSONByteWriter
    ) {
        w.beginArray()
        for i in list.indices {
            for field in first..<end {
                let v = ShapeColumns.number(field, of: list[i].shape)
                if v.isNaN { w.writeNull() } else { w.write(v, decimals: d) }
            }
        }
        w.endArray()
    }

    /// `"color"`: the border's (or shadow's) colour of each element, null where none.
    private static func writeColors(
        of list: UnsafeBufferPointer<LayoutAttributes>, shadow: Bool, to w: inout JSONByteWriter
    ) {
        key("color", &w)
        writeColorArray(list, shadow: shadow, to: &w)
    }

    /// The border's (or shadow's) colour of each element, null where none, as an array.
    @inline(never)
    static func writeColorArray(
        _ list: UnsafeBufferPointer<LayoutAttributes>, shadow: Bool, to w: inout JSONByteWriter
    ) {
        w.beginArray()
        for i in list.indices {
            if let c = ShapeColumns.color(list[i].shape, shadow: shadow) {
                w.write(c.hexString)
            } else {
                w.writeNull()
            }
        }
        w.endArray()
    }

    /// The names of the elements' custom values, in order of first use.
    static func valueNames(_ list: UnsafeBufferPointer<LayoutAttributes>) -> [String] {
        var names: [String] = []
        for i in list.indices {
            for v in list[i].values where !names.contains(v.name) { names.append(v.name) }
        }
        return names
    }

    /// `"values"`: per name, one per element, null where the element lacks it; nothing
    /// when no element has values.
    private static func writeValueColumns(
        _ list: UnsafeBufferPointer<LayoutAttributes>, decimals d: Int,
        to w: inout JSONByteWriter
    ) {
        let names = valueNames(list)
        guard !names.isEmpty else { return }
        w.writeKey("values")
        w.beginObject()
        for name in names {
            w.writeKey(name)
            w.beginArray()
            for i in list.indices {
                if let v = list[i].values.first(where: { $0.name == name }) {
                    writeValue(v.value, decimals: d, to: &w)
                } else {
                    w.writeNull()
                }
            }
            w.endArray()
        }
        w.endObject()
    }
}
