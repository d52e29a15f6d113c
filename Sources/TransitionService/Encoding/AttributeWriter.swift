import JSONRPC
import TransitionEngine

/// Writes layout attributes straight into a `JSONByteWriter`, with no tree in between.
public enum AttributeWriter {
    /// Writes `list` as the value of an `attributes` member; `kinds` names the kinds of
    /// its elements (the session's table).
    public static func write(
        _ list: AttributeColumns, format: AttributeFormat, kinds: ElementKindTable,
        to w: inout JSONByteWriter
    ) {
        let d = format.decimals
        switch format.encoding {
        case .objects:
            w.beginArray()
            for i in list.indices { writeObject(i, of: list, decimals: d, kinds: kinds, to: &w) }
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
    /// "transform"?, "transitionProgress", "nextFrame"?, "layoutState", "values"?}` of
    /// element `i`.
    static func writeObject(
        _ i: Int, of list: AttributeColumns, decimals d: Int, kinds: ElementKindTable,
        to w: inout JSONByteWriter
    ) {
        let e = list.placements[i]
        let key = e.key
        let extra = list.extra(i)
        w.beginObject()
        w.writeKey("kind")
        w.write(kinds.name(of: key.kind))
        w.writeKey("section")
        w.write(key.indexPath.section)
        w.writeKey("item")
        w.write(key.indexPath.item)
        if let id = list.id(i) {
            w.writeKey("id")
            writeID(id, to: &w)
        }
        w.writeKey("frame")
        writeFrame(e.frame, decimals: d, to: &w)
        w.writeKey("alpha")
        w.write(list.alpha(i), decimals: d)
        w.writeKey("zIndex")
        w.write(list.zIndex(i))
        if extra.isHidden {
            w.writeKey("hidden")
            w.write(true)
        }
        if let t = extra.transform {
            w.writeKey("transform")
            writeTransform(t, decimals: d, to: &w)
        }
        w.writeKey("transitionProgress")
        w.write(e.progress, decimals: d)
        if extra.hasNextFrame {
            w.writeKey("nextFrame")
            writeFrame(e.nextFrame, decimals: d, to: &w)
        }
        w.writeKey("layoutState")
        w.write(list.stateNames[list.layoutState(i)])
        if !extra.values.isEmpty {
            w.writeKey("values")
            w.beginObject()
            for v in extra.values {
                w.writeKey(v.name)
                writeValue(v.value, decimals: d, to: &w)
            }
            w.endObject()
        }
        if let shape = extra.shape { writeShape(shape, decimals: d, to: &w) }
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
        _ list: AttributeColumns, decimals d: Int, kinds: ElementKindTable,
        to w: inout JSONByteWriter
    ) {
        w.beginObject()
        w.writeKey("count")
        w.write(list.count)
        var highestKind = 0
        w.writeKey("kind")
        w.beginArray()
        let placements = list.placements
        if let first = placements.first?.key.kind.code,
            placements.allSatisfy({ $0.key.kind.code == first })
        {
            highestKind = first
            w.writeElements(repeating: first, count: list.count)
        } else {
            for e in placements {
                highestKind = Swift.max(highestKind, e.key.kind.code)
                w.writeElement(e.key.kind.code)
            }
        }
        w.endArray()
        w.writeKey("section")
        w.beginArray()
        if let first = placements.first?.key.indexPath.section,
            placements.allSatisfy({ $0.key.indexPath.section == first })
        {
            w.writeElements(repeating: first, count: list.count)
        } else {
            for e in placements { w.writeElement(e.key.indexPath.section) }
        }
        w.endArray()
        w.writeKey("item")
        w.beginArray()
        var items: [Int] = []
        items.reserveCapacity(list.count)
        for e in placements { items.append(e.key.indexPath.item) }
        items.withUnsafeBufferPointer { w.writeElements(integers: $0) }
        w.endArray()
        w.writeKey("frame")
        w.beginArray()
        for e in placements {
            let r = e.frame
            w.writeElements(r.minX, r.minY, r.size.width, r.size.height, decimals: d)
        }
        w.endArray()
        writeNumbers("alpha", list.alphas, orEvery: 1, count: list.count, decimals: d, to: &w)
        writeIntegers("zIndex", list.zIndices, orEvery: 0, count: list.count, to: &w)
        w.writeKey("transitionProgress")
        w.beginArray()
        if let first = placements.first?.progress,
            placements.allSatisfy({ $0.progress.bitPattern == first.bitPattern })
        {
            w.writeElements(repeating: first, decimals: d, count: list.count)
        } else {
            for e in placements { w.writeElement(e.progress, decimals: d) }
        }
        w.endArray()
        w.writeKey("nextFrame")
        w.beginArray()
        for e in placements {
            let r = e.nextFrame
            w.writeElements(r.minX, r.minY, r.size.width, r.size.height, decimals: d)
        }
        w.endArray()
        writeIntegers("layoutState", list.layoutStates, orEvery: 0, count: list.count, to: &w)
        w.writeKey("states")
        w.beginArray()
        for s in list.stateNames { w.write(s) }
        w.endArray()
        if highestKind >= ElementKind.firstCustomCode {
            w.writeKey("kinds")
            w.beginArray()
            for code in ElementKind.firstCustomCode...highestKind {
                w.write(kinds.name(of: ElementKind(code: code)))
            }
            w.endArray()
        }
        if list.hasExtras || !list.ids.isEmpty {
            writeOptionalColumns(list, decimals: d, to: &w)
            writeValueColumns(list.extras, decimals: d, to: &w)
            writeShapeColumns(list.extras, decimals: d, to: &w)
        }
        w.endObject()
    }

    /// `"key": [...]`: `numbers`, or `common` `count` times when `numbers` is empty; a
    /// number every element shares is written once and copied.
    private static func writeNumbers(
        _ key: StaticString, _ numbers: [Double], orEvery common: Double, count: Int,
        decimals d: Int, to w: inout JSONByteWriter
    ) {
        w.writeKey(key)
        w.beginArray()
        if numbers.isEmpty {
            w.writeElements(repeating: common, decimals: d, count: count)
        } else if let first = numbers.first,
            numbers.allSatisfy({ $0.bitPattern == first.bitPattern })
        {
            w.writeElements(repeating: first, decimals: d, count: numbers.count)
        } else {
            for v in numbers { w.writeElement(v, decimals: d) }
        }
        w.endArray()
    }

    /// `"key": [...]`: `numbers`, or `common` `count` times when `numbers` is empty; an
    /// integer every element shares is written once and copied.
    private static func writeIntegers(
        _ key: StaticString, _ numbers: [Int], orEvery common: Int, count: Int,
        to w: inout JSONByteWriter
    ) {
        w.writeKey(key)
        w.beginArray()
        if numbers.isEmpty {
            w.writeElements(repeating: common, count: count)
        } else if let first = numbers.first, numbers.allSatisfy({ $0 == first }) {
            w.writeElements(repeating: first, count: numbers.count)
        } else {
            for v in numbers { w.writeElement(v) }
        }
        w.endArray()
    }

    /// `"id"`, `"hidden"` and `"transform"`, each only when some element has it.
    private static func writeOptionalColumns(
        _ list: AttributeColumns, decimals d: Int, to w: inout JSONByteWriter
    ) {
        if !list.ids.isEmpty {
            w.writeKey("id")
            w.beginArray()
            for id in list.ids {
                if let id { writeID(id, to: &w) } else { w.writeNull() }
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
        if extras.contains(where: { $0.transform != nil }) {
            w.writeKey("transform")
            w.beginArray()
            for x in extras {
                writeTransformValues(x.transform ?? .identity, decimals: d, to: &w)
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
        _ extras: [AttributeExtras], decimals d: Int, to w: inout JSONByteWriter
    ) {
        guard extras.contains(where: { $0.shape != nil }) else { return }
        let present = ShapeColumns.present(in: extras)
        if present[0] {
            key("cornerRadius", &w)
            writeShapeNumbers(0, 4, of: extras, decimals: d, to: &w)
        }
        if present[1] {
            key("border", &w)
            w.beginObject()
            key("width", &w)
            writeShapeNumbers(4, 5, of: extras, decimals: d, to: &w)
            writeColors(of: extras, shadow: false, to: &w)
            w.endObject()
        }
        if present[2] {
            key("shadow", &w)
            w.beginObject()
            key("radius", &w)
            writeShapeNumbers(5, 6, of: extras, decimals: d, to: &w)
            key("opacity", &w)
            writeShapeNumbers(6, 7, of: extras, decimals: d, to: &w)
            key("offset", &w)
            writeShapeNumbers(7, 9, of: extras, decimals: d, to: &w)
            writeColors(of: extras, shadow: true, to: &w)
            w.endObject()
        }
        if present[3] {
            key("contentAlpha", &w)
            writeShapeNumbers(9, 11, of: extras, decimals: d, to: &w)
        }
        if present[4] {
            key("contentScale", &w)
            writeShapeNumbers(11, 15, of: extras, decimals: d, to: &w)
        }
    }

    /// Fields `first..<end` (`ShapeColumns`) of each element in turn, null where it has
    /// none.
    @inline(never)
    private static func writeShapeNumbers(
        _ first: Int, _ end: Int, of extras: [AttributeExtras], decimals d: Int,
        to w: inout JSONByteWriter
    ) {
        w.beginArray()
        for x in extras {
            for field in first..<end {
                let v = ShapeColumns.number(field, of: x.shape)
                if v.isNaN { w.writeNull() } else { w.write(v, decimals: d) }
            }
        }
        w.endArray()
    }

    /// `"color"`: the border's (or shadow's) colour of each element, null where none.
    private static func writeColors(
        of extras: [AttributeExtras], shadow: Bool, to w: inout JSONByteWriter
    ) {
        key("color", &w)
        writeColorArray(extras, shadow: shadow, to: &w)
    }

    /// The border's (or shadow's) colour of each element, null where none, as an array.
    @inline(never)
    static func writeColorArray(
        _ extras: [AttributeExtras], shadow: Bool, to w: inout JSONByteWriter
    ) {
        w.beginArray()
        for x in extras {
            if let c = ShapeColumns.color(x.shape, shadow: shadow) {
                w.write(c.hexString)
            } else {
                w.writeNull()
            }
        }
        w.endArray()
    }

    /// The names of the elements' custom values, in order of first use.
    static func valueNames(_ extras: [AttributeExtras]) -> [String] {
        var names: [String] = []
        for x in extras {
            for v in x.values where !names.contains(v.name) { names.append(v.name) }
        }
        return names
    }

    /// `"values"`: per name, one per element, null where the element lacks it; nothing
    /// when no element has values.
    private static func writeValueColumns(
        _ extras: [AttributeExtras], decimals d: Int, to w: inout JSONByteWriter
    ) {
        let names = valueNames(extras)
        guard !names.isEmpty else { return }
        w.writeKey("values")
        w.beginObject()
        for name in names {
            w.writeKey(name)
            w.beginArray()
            for x in extras {
                if let v = x.values.first(where: { $0.name == name }) {
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
