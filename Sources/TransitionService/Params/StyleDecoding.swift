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

    /// The style members of an item object, an `itemStyles` rule or a `cellStyle`:
    /// `alpha`, `zIndex`, `transform`, `values`, `cornerRadius`, `border`, `shadow`.
    static func itemStyle(_ json: JSONCursor) throws(JSONDecodingError) -> ItemStyle {
        var style = ItemStyle(
            alpha: try json["alpha"].decodeIfPresent(),
            zIndex: try json["zIndex"].decodeIfPresent(),
            transform: json["transform"].isPresent ? try itemTransform(json["transform"]) : nil,
            values: try values(json["values"]))
        style.shape = try shape(json)
        return style
    }

    /// `cornerRadius` (a length, or `[topLeft, topRight, bottomRight, bottomLeft]`),
    /// `border` `{"width", "color"?}` and `shadow` `{"radius"?, "opacity"?, "offset"?,
    /// "color"?}` (colours default to black, the shadow to radius 0, opacity 1, offset
    /// 0); nil when none is given. The engine checks the ranges.
    static func shape(_ json: JSONCursor) throws(JSONDecodingError) -> ElementShape? {
        let radius = json["cornerRadius"]
        let border = json["border"]
        let shadow = json["shadow"]
        guard radius.isPresent || border.isPresent || shadow.isPresent else { return nil }
        var radii: CornerRadii? = nil
        if case .array? = radius.value {
            let n: [Double] = try radius.decode()
            guard n.count == 4 else {
                throw radius.invalid("a length or [topLeft, topRight, bottomRight, bottomLeft]")
            }
            radii = CornerRadii(topLeft: n[0], topRight: n[1], bottomRight: n[2], bottomLeft: n[3])
        } else if radius.isPresent {
            radii = CornerRadii(try radius.decode())
        }
        return ElementShape(
            cornerRadius: radii,
            border: border.isPresent
                ? ElementBorder(
                    width: try border["width"].decode(), color: try color(border["color"])) : nil,
            shadow: shadow.isPresent
                ? ElementShadow(
                    radius: try shadow["radius"].decode(default: 0),
                    opacity: try shadow["opacity"].decode(default: 1),
                    offset: shadow["offset"].isPresent
                        ? try point(shadow["offset"]) : Point(x: 0, y: 0),
                    color: try color(shadow["color"])) : nil)
    }

    /// A colour `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`; opaque black when absent.
    static func color(_ json: JSONCursor) throws(JSONDecodingError) -> Color {
        guard json.isPresent else { return Color(red: 0, green: 0, blue: 0) }
        let text: String = try json.decode()
        guard let color = Color(hex: text) else {
            throw json.invalid("a colour #rgb, #rgba, #rrggbb or #rrggbbaa")
        }
        return color
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
