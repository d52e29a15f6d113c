import JSONRPC
import TransitionEngine

// A layout spec, an item model and their parts written in the shape `session/create`
// reads them (`Decode.layout`, `Decode.model`), so a session's state file is decoded by
// the same code as the request that made the session. Numbers are written exactly
// (shortest round trip); colours as `#rrggbbaa`.

extension JSONByteWriter {
    /// `"key": {"top", "left", "bottom", "right"}`.
    mutating func write(_ key: StaticString, insets: EdgeInsets) {
        writeKey(key)
        beginObject()
        writeKey("top")
        write(insets.top)
        writeKey("left")
        write(insets.left)
        writeKey("bottom")
        write(insets.bottom)
        writeKey("right")
        write(insets.right)
        endObject()
    }

    /// `[x, y, width, height]`.
    mutating func writeFrame(_ r: Rect) {
        beginArray()
        write(r.minX)
        write(r.minY)
        write(r.size.width)
        write(r.size.height)
        endArray()
    }

    /// `[section, item]`.
    mutating func write(indexPath: IndexPath) {
        beginArray()
        write(indexPath.section)
        write(indexPath.item)
        endArray()
    }

    mutating func write(itemID: ItemID) {
        switch itemID {
        case .int(let n): write(n)
        case .string(let s): write(s)
        }
    }

    /// `"key": {name: value}` in order, only when there is a value.
    mutating func write(_ key: StaticString, values: [CustomValue]) {
        guard !values.isEmpty else { return }
        writeKey(key)
        beginObject()
        for v in values {
            writeKey(v.name)
            AttributeWriter.writeValue(v.value, to: &self)
        }
        endObject()
    }

    /// The members of an `ItemStyle` (`alpha`, `zIndex`, `transform`, `values`) inside an
    /// object already begun.
    mutating func writeMembers(of style: ItemStyle) {
        if let alpha = style.alpha {
            writeKey("alpha")
            write(alpha)
        }
        if let z = style.zIndex {
            writeKey("zIndex")
            write(z)
        }
        if let t = style.transform {
            writeKey("transform")
            beginObject()
            writeKey("scaleX")
            write(t.scaleX)
            writeKey("scaleY")
            write(t.scaleY)
            writeKey("rotation")
            write(t.rotation)
            writeKey("translateX")
            write(t.translateX)
            writeKey("translateY")
            write(t.translateY)
            endObject()
        }
        write("values", values: style.values)
        if let shape = style.shape { AttributeWriter.writeShape(shape, decimals: -1, to: &self) }
    }

    /// `"sections": [{"items", "ids"?, "sizes"?}, ...]`.
    mutating func write(sections model: ItemModel) {
        writeKey("sections")
        beginArray()
        for section in model.sections {
            beginObject()
            writeKey("items")
            write(section.count)
            if let ids = section.ids {
                writeKey("ids")
                beginArray()
                for id in ids { write(itemID: id) }
                endArray()
            }
            if let sizes = section.sizes {
                writeKey("sizes")
                beginArray()
                for s in sizes {
                    beginArray()
                    write(s.width)
                    write(s.height)
                    endArray()
                }
                endArray()
            }
            endObject()
        }
        endArray()
    }

    /// `"layout": {...}`: `spec` as `session/create` takes it.
    mutating func write(layout spec: LayoutSpec) {
        writeKey("layout")
        beginObject()
        writeKey("type")
        write(spec.typeName)
        var explicitStyles: [Int: ItemStyle] = [:]
        var otherRules: [ItemStyleRule] = []
        for rule in spec.itemStyles {
            // An explicit layout's item objects: written back as item objects.
            if case .globalIndices(let indices) = rule.selector, rule.kind == nil {
                for i in indices {
                    explicitStyles[i] = Self.combine(explicitStyles[i], rule.style)
                }
            } else {
                otherRules.append(rule)
            }
        }
        writeGeometry(spec.geometry, explicitStyles: explicitStyles)
        write("values", values: spec.values)
        write("accessory", values: spec.accessory)
        if let state = spec.state {
            writeKey("state")
            write(state)
        }
        writeItemStyles(otherRules)
        if let cellStyle = spec.cellStyle {
            writeKey("cellStyle")
            beginObject()
            writeMembers(of: cellStyle)
            endObject()
        }
        writeSupplementary(of: spec)
        endObject()
    }

    /// `base` with what `later` sets on top, member by member (a later rule wins).
    private static func combine(_ base: ItemStyle?, _ later: ItemStyle) -> ItemStyle {
        guard var result = base else { return later }
        if let a = later.alpha { result.alpha = a }
        if let z = later.zIndex { result.zIndex = z }
        if let t = later.transform { result.transform = t }
        if let top = later.shape { result.shape = result.shape?.overridden(by: top) ?? top }
        for v in later.values {
            if let i = result.values.firstIndex(where: { $0.name == v.name }) {
                result.values[i] = v
            } else {
                result.values.append(v)
            }
        }
        return result
    }

    private mutating func writeGeometry(
        _ geometry: LayoutSpec.Geometry, explicitStyles: [Int: ItemStyle]
    ) {
        switch geometry {
        case .flow(let f):
            write("itemSize", size: f.itemSize)
            writeKey("minimumLineSpacing")
            write(f.minimumLineSpacing)
            writeKey("minimumInteritemSpacing")
            write(f.minimumInteritemSpacing)
            write("sectionInset", insets: f.sectionInset)
            write("headerReferenceSize", size: f.headerReferenceSize)
            write("footerReferenceSize", size: f.footerReferenceSize)
            writeKey("scrollDirection")
            write(f.scrollDirection.rawValue)
        case .list(let l):
            writeKey("rowHeight")
            write(l.rowHeight)
            writeKey("spacing")
            write(l.spacing)
            write("inset", insets: l.inset)
            writeKey("headerHeight")
            write(l.headerHeight)
            writeKey("footerHeight")
            write(l.footerHeight)
        case .grid(let g):
            writeKey("columns")
            write(g.columns)
            writeKey("spacing")
            write(g.spacing)
            if let lineSpacing = g.lineSpacing {
                writeKey("lineSpacing")
                write(lineSpacing)
            }
            write("inset", insets: g.inset)
            writeKey("aspectRatio")
            write(g.aspectRatio)
            if let h = g.itemHeight {
                writeKey("itemHeight")
                write(h)
            }
            writeKey("headerHeight")
            write(g.headerHeight)
            writeKey("footerHeight")
            write(g.footerHeight)
        case .displaySwitch(let d):
            writeKey("mode")
            write(d.mode.rawValue)
            writeKey("staticCellHeight")
            write(d.staticCellHeight)
            writeKey("columns")
            write(d.columns)
            writeKey("padding")
            write(d.padding)
        case .explicit(let frames, let contentSize):
            writeKey("frames")
            beginArray()
            for (i, frame) in frames.enumerated() {
                if let style = explicitStyles[i], !style.isEmpty {
                    beginObject()
                    writeKey("frame")
                    writeFrame(frame)
                    writeMembers(of: style)
                    endObject()
                } else {
                    writeFrame(frame)
                }
            }
            endArray()
            if let contentSize { write("contentSize", size: contentSize) }
        }
    }

    private mutating func writeItemStyles(_ rules: [ItemStyleRule]) {
        guard !rules.isEmpty else { return }
        writeKey("itemStyles")
        beginArray()
        for rule in rules {
            beginObject()
            switch rule.selector {
            case .items(let paths):
                writeKey("items")
                beginArray()
                for p in paths { write(indexPath: p) }
                endArray()
            case .ids(let ids):
                writeKey("ids")
                beginArray()
                for id in ids { write(itemID: id) }
                endArray()
            case .globalIndices:
                // Only an explicit layout's item objects select so (written with them).
                break
            }
            if let kind = rule.kind {
                writeKey("kind")
                write(kind)
            }
            writeMembers(of: rule.style)
            endObject()
        }
        endArray()
    }

    private mutating func writeSupplementary(of spec: LayoutSpec) {
        if case .explicit = spec.geometry {
            guard !spec.supplementary.isEmpty else { return }
            writeKey("supplementary")
            beginArray()
            for item in spec.supplementary {
                beginObject()
                writeKey("kind")
                write(item.kind)
                writeKey("indexPath")
                write(indexPath: item.indexPath)
                writeKey("frame")
                writeFrame(item.frame)
                writeMembers(of: item.style)
                endObject()
            }
            endArray()
            return
        }
        guard !spec.attached.isEmpty else { return }
        writeKey("supplementary")
        beginArray()
        for a in spec.attached {
            beginObject()
            writeKey("kind")
            write(a.kind)
            writeKey("attach")
            write(a.container.rawValue)
            if let size = a.size { write("size", size: size) }
            write("anchor", point: a.anchor)
            write("offset", point: a.offset)
            if let items = a.items {
                writeKey("items")
                beginArray()
                for p in items { write(indexPath: p) }
                endArray()
            }
            writeMembers(of: a.style)
            endObject()
        }
        endArray()
    }
}
