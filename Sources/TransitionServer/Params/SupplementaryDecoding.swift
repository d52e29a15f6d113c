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
