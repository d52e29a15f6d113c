import JSONRPC
import TransitionEngine

/// How attributes travel: one object per element, or columns of flat arrays.
public enum AttributeEncoding: String, CaseIterable, Sendable {
    case objects
    case compact
}

/// Writes layout attributes straight into a `JSONByteWriter`, with no tree in between.
public enum AttributeWriter {
    /// Writes `list` as the value of an `attributes` member.
    public static func write(_ list: [LayoutAttributes], encoding: AttributeEncoding, to w: inout JSONByteWriter) {
        switch encoding {
        case .objects:
            w.beginArray()
            for a in list { writeObject(a, to: &w) }
            w.endArray()
        case .compact:
            writeColumns(list, to: &w)
        }
    }

    static func kindCode(_ kind: ElementKind) -> Int {
        switch kind {
        case .cell: return 0
        case .header: return 1
        case .footer: return 2
        }
    }

    static func writeFrame(_ r: Rect, to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("x")
        w.write(r.minX)
        w.writeKey("y")
        w.write(r.minY)
        w.writeKey("width")
        w.write(r.size.width)
        w.writeKey("height")
        w.write(r.size.height)
        w.endObject()
    }

    static func writeID(_ id: ItemID, to w: inout JSONByteWriter) {
        switch id {
        case .int(let v): w.write(v)
        case .string(let s): w.write(s)
        }
    }

    static func writeValue(_ v: AnimatableValue, to w: inout JSONByteWriter) {
        switch v {
        case .number(let n): w.write(n)
        case .color(let c): w.write(c.hexString)
        }
    }

    static func writeTransform(_ t: AffineTransform, to w: inout JSONByteWriter) {
        w.beginArray()
        for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { w.write(v) }
        w.endArray()
    }

    /// `{"kind", "section", "item", "id"?, "frame", "alpha", "zIndex", "hidden"?,
    /// "transform"?, "transitionProgress", "nextFrame"?, "layoutState", "values"?}`.
    static func writeObject(_ a: LayoutAttributes, to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("kind")
        w.write(a.kind.rawValue)
        w.writeKey("section")
        w.write(a.indexPath.section)
        w.writeKey("item")
        w.write(a.indexPath.item)
        if let id = a.id {
            w.writeKey("id")
            writeID(id, to: &w)
        }
        w.writeKey("frame")
        writeFrame(a.frame, to: &w)
        w.writeKey("alpha")
        w.write(a.alpha)
        w.writeKey("zIndex")
        w.write(a.zIndex)
        if a.isHidden {
            w.writeKey("hidden")
            w.write(true)
        }
        if let t = a.transform {
            w.writeKey("transform")
            writeTransform(t, to: &w)
        }
        w.writeKey("transitionProgress")
        w.write(a.transitionProgress)
        if let next = a.nextFrame {
            w.writeKey("nextFrame")
            writeFrame(next, to: &w)
        }
        w.writeKey("layoutState")
        w.write(a.layoutState)
        if !a.values.isEmpty {
            w.writeKey("values")
            w.beginObject()
            for v in a.values {
                w.writeKey(v.name)
                writeValue(v.value, to: &w)
            }
            w.endObject()
        }
        w.endObject()
    }

    /// Columns: `{"count", "kind", "section", "item", "frame" (4 per element), "alpha",
    /// "zIndex", "transitionProgress", "nextFrame" (4 per element, the frame itself when
    /// there is none), "states" and "layoutState" (indices into states), then only when
    /// some element has them: "id" (null where none), "hidden" (indices of hidden
    /// elements), "transform" (6 per element, identity where none), "values" (per name,
    /// one per element, null where the element lacks it)}.
    static func writeColumns(_ list: [LayoutAttributes], to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("count")
        w.write(list.count)
        w.writeKey("kind")
        w.beginArray()
        for a in list { w.write(kindCode(a.kind)) }
        w.endArray()
        w.writeKey("section")
        w.beginArray()
        for a in list { w.write(a.indexPath.section) }
        w.endArray()
        w.writeKey("item")
        w.beginArray()
        for a in list { w.write(a.indexPath.item) }
        w.endArray()
        w.writeKey("frame")
        w.beginArray()
        for a in list {
            w.write(a.frame.minX)
            w.write(a.frame.minY)
            w.write(a.frame.size.width)
            w.write(a.frame.size.height)
        }
        w.endArray()
        w.writeKey("alpha")
        w.beginArray()
        for a in list { w.write(a.alpha) }
        w.endArray()
        w.writeKey("zIndex")
        w.beginArray()
        for a in list { w.write(a.zIndex) }
        w.endArray()
        w.writeKey("transitionProgress")
        w.beginArray()
        for a in list { w.write(a.transitionProgress) }
        w.endArray()
        w.writeKey("nextFrame")
        w.beginArray()
        for a in list {
            let r = a.nextFrame ?? a.frame
            w.write(r.minX)
            w.write(r.minY)
            w.write(r.size.width)
            w.write(r.size.height)
        }
        w.endArray()
        var states: [String] = []
        w.writeKey("layoutState")
        w.beginArray()
        for a in list {
            if let i = states.firstIndex(of: a.layoutState) {
                w.write(i)
            } else {
                w.write(states.count)
                states.append(a.layoutState)
            }
        }
        w.endArray()
        w.writeKey("states")
        w.beginArray()
        for s in states { w.write(s) }
        w.endArray()
        if list.contains(where: { $0.id != nil }) {
            w.writeKey("id")
            w.beginArray()
            for a in list {
                if let id = a.id { writeID(id, to: &w) } else { w.writeNull() }
            }
            w.endArray()
        }
        if list.contains(where: \.isHidden) {
            w.writeKey("hidden")
            w.beginArray()
            for (i, a) in list.enumerated() where a.isHidden { w.write(i) }
            w.endArray()
        }
        if list.contains(where: { $0.transform != nil }) {
            w.writeKey("transform")
            w.beginArray()
            for a in list {
                let t = a.transform ?? .identity
                for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { w.write(v) }
            }
            w.endArray()
        }
        var names: [String] = []
        for a in list {
            for v in a.values where !names.contains(v.name) { names.append(v.name) }
        }
        if !names.isEmpty {
            w.writeKey("values")
            w.beginObject()
            for name in names {
                w.writeKey(name)
                w.beginArray()
                for a in list {
                    if let v = a.values.first(where: { $0.name == name }) {
                        writeValue(v.value, to: &w)
                    } else {
                        w.writeNull()
                    }
                }
                w.endArray()
            }
            w.endObject()
        }
        w.endObject()
    }
}
