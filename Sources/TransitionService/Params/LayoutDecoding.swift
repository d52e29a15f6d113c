import JSONRPC
import TransitionEngine

extension Decode {
    /// A layout: `{"type": "flow" | "list" | "grid" | "displaySwitch" | "explicit", ...}`
    /// plus optional `values` (custom animated values), `state` (its layoutState),
    /// `itemStyles` and `cellStyle`.
    static func layout(_ json: JSONCursor) throws(JSONDecodingError) -> LayoutSpec {
        let type = try choice(json["type"], LayoutSpec.typeNames)
        let geometry: LayoutSpec.Geometry
        var itemRules: [ItemStyleRule] = []
        switch type {
        case "flow":
            let defaults = FlowLayout()
            geometry = .flow(
                FlowLayout(
                    itemSize: json["itemSize"].isPresent
                        ? try size(json["itemSize"]) : defaults.itemSize,
                    minimumLineSpacing: try json["minimumLineSpacing"].decode(
                        default: defaults.minimumLineSpacing),
                    minimumInteritemSpacing: try json["minimumInteritemSpacing"].decode(
                        default: defaults.minimumInteritemSpacing),
                    sectionInset: json["sectionInset"].isPresent
                        ? try insets(json["sectionInset"]) : .zero,
                    headerReferenceSize: json["headerReferenceSize"].isPresent
                        ? try size(json["headerReferenceSize"]) : .zero,
                    footerReferenceSize: json["footerReferenceSize"].isPresent
                        ? try size(json["footerReferenceSize"]) : .zero,
                    scrollDirection: try named(json["scrollDirection"], default: Axis.vertical)))
        case "list":
            geometry = .list(
                ListLayout(
                    rowHeight: try json["rowHeight"].decode(),
                    spacing: try json["spacing"].decode(default: 0),
                    inset: json["inset"].isPresent ? try insets(json["inset"]) : .zero,
                    headerHeight: try json["headerHeight"].decode(default: 0),
                    footerHeight: try json["footerHeight"].decode(default: 0)))
        case "grid":
            geometry = .grid(
                GridLayout(
                    columns: try json["columns"].decode(),
                    spacing: try json["spacing"].decode(default: 0),
                    lineSpacing: try json["lineSpacing"].decodeIfPresent(),
                    inset: json["inset"].isPresent ? try insets(json["inset"]) : .zero,
                    aspectRatio: try json["aspectRatio"].decode(default: 1),
                    itemHeight: try json["itemHeight"].decodeIfPresent(),
                    headerHeight: try json["headerHeight"].decode(default: 0),
                    footerHeight: try json["footerHeight"].decode(default: 0)))
        case "displaySwitch":
            geometry = .displaySwitch(
                DisplaySwitchLayout(
                    mode: try named(json["mode"], DisplaySwitchLayout.Mode.self),
                    staticCellHeight: try json["staticCellHeight"].decode(),
                    columns: try json["columns"].decodeIfPresent(),
                    padding: try json["padding"].decode(default: 6)))
        default:
            var frames: [Rect] = []
            for (i, element) in try json["frames"].elements().enumerated() {
                let (frame, rule) = try explicitItem(element, index: i)
                frames.append(frame)
                if let rule { itemRules.append(rule) }
            }
            geometry = .explicit(
                frames: frames,
                contentSize: json["contentSize"].isPresent ? try size(json["contentSize"]) : nil)
        }
        var spec = LayoutSpec(
            geometry, values: try values(json["values"]), accessory: try values(json["accessory"]),
            state: try json["state"].decodeIfPresent())
        spec.itemStyles = itemRules + (try itemStyleRules(json["itemStyles"]))
        if json["cellStyle"].isPresent {
            let style = try itemStyle(json["cellStyle"])
            spec.cellStyle = style.isEmpty ? nil : style
        }
        if type == "explicit" {
            spec.supplementary = try supplementaryItems(json["supplementary"])
        } else {
            spec.attached = try attachedSupplementary(json["supplementary"])
        }
        return spec
    }

    /// `{"name": number | "#rrggbb" | boolean | string, ...}` in order: a string that
    /// starts with `#` is a colour, any other a discrete string.
    static func values(_ json: JSONCursor) throws(JSONDecodingError) -> [CustomValue] {
        guard json.isPresent else { return [] }
        var result: [CustomValue] = []
        for (name, value) in try json.members() {
            switch try value.require("number or colour") {
            case .string(let text) where text.hasPrefix("#"):
                guard let color = Color(hex: text) else {
                    throw value.invalid("a colour #rgb, #rgba, #rrggbb or #rrggbbaa")
                }
                result.append(CustomValue(name: name, value: .color(color)))
            case .string(let text):
                result.append(CustomValue(name: name, value: .string(text)))
            case .bool(let b):
                result.append(CustomValue(name: name, value: .bool(b)))
            default:
                result.append(CustomValue(name: name, value: .number(try value.decode())))
            }
        }
        return result
    }
}
