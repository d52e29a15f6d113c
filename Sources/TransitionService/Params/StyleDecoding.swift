import JSONRPC
import TransitionEngine

extension Decode {
    /// `{"scale" | "scaleX"/"scaleY", "rotation" (radians), "translateX", "translateY"}`.
    static func itemTransform(_ json: JSONCursor) throws(JSONDecodingError) -> ItemTransform {
        let scale: Double = try json["scale"].decode(default: 1)
        if json["scale"].isPresent && (json["scaleX"].isPresent || json["scaleY"].isPresent) {
            throw json["scale"].invalid("either scale or scaleX/scaleY")
        }
        return ItemTransform(
            scaleX: try json["scaleX"].decode(default: scale),
            scaleY: try json["scaleY"].decode(default: scale),
            rotation: try json["rotation"].decode(default: 0),
            translateX: try json["translateX"].decode(default: 0),
            translateY: try json["translateY"].decode(default: 0))
    }

    /// The style members of an item object or an `itemStyles` rule: `alpha`, `zIndex`,
    /// `transform`, `values`.
    static func itemStyle(_ json: JSONCursor) throws(JSONDecodingError) -> ItemStyle {
        ItemStyle(
            alpha: try json["alpha"].decodeIfPresent(),
            zIndex: try json["zIndex"].decodeIfPresent(),
            transform: json["transform"].isPresent ? try itemTransform(json["transform"]) : nil,
            values: try values(json["values"]))
    }

    /// `itemStyles`: `[{"items": [[section, item], ...]} | {"ids": [...]}, plus style and
    /// an optional supplementary "kind"]`.
    static func itemStyleRules(_ json: JSONCursor) throws(JSONDecodingError) -> [ItemStyleRule] {
        guard json.isPresent else { return [] }
        var rules: [ItemStyleRule] = []
        for rule in try json.elements() {
            let selector: ItemStyleRule.Selector
            if rule["ids"].isPresent {
                var ids: [ItemID] = []
                for element in try rule["ids"].elements() { ids.append(try itemID(element)) }
                selector = .ids(ids)
            } else {
                var items: [IndexPath] = []
                for element in try rule["items"].elements() { items.append(try indexPath(element)) }
                selector = .items(items)
            }
            rules.append(
                ItemStyleRule(
                    selector, style: try itemStyle(rule), kind: try rule["kind"].decodeIfPresent()))
        }
        return rules
    }

    /// One explicit item: `[x, y, width, height]`, or `{"frame": [...], "alpha", "zIndex",
    /// "transform", "values"}` (its style as a rule for its position).
    static func explicitItem(_ element: JSONCursor, index i: Int) throws(JSONDecodingError) -> (
        Rect, ItemStyleRule?
    ) {
        if case .object? = element.value {
            let (frame, _) = try explicitItem(element["frame"], index: i)
            let style = try itemStyle(element)
            return (frame, style.isEmpty ? nil : ItemStyleRule(.globalIndices([i]), style: style))
        }
        let numbers: [Double] = try element.decode()
        guard numbers.count == 4 else {
            throw JSONDecodingError(
                field: element.path, expected: "[x, y, width, height]",
                found: "\(numbers.count) numbers")
        }
        return (Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]), nil)
    }
}
