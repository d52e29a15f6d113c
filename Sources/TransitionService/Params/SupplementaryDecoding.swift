import JSONRPC
import TransitionEngine

extension Decode {
    /// An explicit layout's `supplementary`: `[{"kind", "indexPath": [section, item],
    /// "frame": [x, y, width, height], "alpha"?, "zIndex"?, "transform"?, "values"?}]`.
    /// The kind's syntax and the index path are checked with the layout (named fields).
    static func supplementaryItems(_ json: JSONCursor) throws(JSONDecodingError)
        -> [SupplementaryItem]
    {
        guard json.isPresent else { return [] }
        var items: [SupplementaryItem] = []
        for (i, element) in try json.elements().enumerated() {
            let (frame, _) = try explicitItem(element["frame"], index: i)
            items.append(
                SupplementaryItem(
                    kind: try element["kind"].decode(),
                    indexPath: try indexPath(element["indexPath"]),
                    frame: frame, style: try itemStyle(element)))
        }
        return items
    }
}

extension Decode {
    /// A flow, list, grid or displaySwitch layout's `supplementary`: `[{"kind", "attach":
    /// "item" | "section", "size"?, "anchor"?, "offset"?, "items"?, "alpha"?, "zIndex"?,
    /// "transform"?, "values"?}]`. Kinds, anchors and items are checked with the layout.
    static func attachedSupplementary(_ json: JSONCursor) throws(JSONDecodingError)
        -> [AttachedSupplementary]
    {
        guard json.isPresent else { return [] }
        var list: [AttachedSupplementary] = []
        for element in try json.elements() {
            var items: [IndexPath]? = nil
            if element["items"].isPresent {
                var selected: [IndexPath] = []
                for path in try element["items"].elements() { selected.append(try indexPath(path)) }
                items = selected
            }
            list.append(
                AttachedSupplementary(
                    kind: try element["kind"].decode(),
                    container: try named(element["attach"], AttachedSupplementary.Container.self),
                    size: element["size"].isPresent ? try size(element["size"]) : nil,
                    anchor: element["anchor"].isPresent
                        ? try point(element["anchor"]) : Point(x: 0.5, y: 0.5),
                    offset: element["offset"].isPresent ? try point(element["offset"]) : .zero,
                    items: items, style: try itemStyle(element)))
        }
        return list
    }
}
