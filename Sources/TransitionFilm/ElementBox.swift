import JSONRPC

/// One element of a tick or sample, as much of it as drawings need.
public struct ElementBox {
    public var kind: String
    public var section: Int
    public var item: Int
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var alpha: Double
    public var zIndex: Double
    public var hidden: Bool
    /// `[a, b, c, d, tx, ty]` about the frame's centre, when not the identity.
    public var transform: [Double]?

    public init(
        kind: String, section: Int, item: Int, x: Double, y: Double, width: Double,
        height: Double, alpha: Double, zIndex: Double, hidden: Bool, transform: [Double]?
    ) {
        self.kind = kind
        self.section = section
        self.item = item
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.alpha = alpha
        self.zIndex = zIndex
        self.hidden = hidden
        self.transform = transform
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The label drawn in the box: the item number (`section.item` beyond section 0,
    /// `H`/`F` and the section for headers and footers, the kind's name for other
    /// supplementary elements).
    public var label: String {
        switch kind {
        case "cell": return section == 0 ? String(item) : "\(section).\(item)"
        case "header": return "H\(section)"
        case "footer": return "F\(section)"
        default: return kind
        }
    }

    /// The elements of an `attributes` member in either encoding (`objects`: an array
    /// of objects; `compact`: an object of columns), in drawing order (by zIndex, then
    /// as sent).
    public static func decode(_ attributes: JSONValue?) -> [ElementBox] {
        var boxes: [ElementBox]
        switch attributes {
        case .array(let list)?:
            boxes = list.compactMap(object)
        case .object(let columns)?:
            boxes = compact(columns)
        default:
            boxes = []
        }
        return boxes.enumerated().sorted {
            ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset)
        }.map(\.element)
    }

    public static func object(_ a: JSONValue) -> ElementBox? {
        guard let frame = a["frame"] else { return nil }
        return ElementBox(
            kind: a["kind"]?.stringValue ?? "cell", section: Int(a["section"]?.int64Value ?? 0),
            item: Int(a["item"]?.int64Value ?? 0), x: frame["x"]?.doubleValue ?? 0,
            y: frame["y"]?.doubleValue ?? 0,
            width: frame["width"]?.doubleValue ?? 0, height: frame["height"]?.doubleValue ?? 0,
            alpha: a["alpha"]?.doubleValue ?? 1, zIndex: a["zIndex"]?.doubleValue ?? 0,
            hidden: a["hidden"]?.boolValue ?? false,
            transform: a["transform"]?.arrayValue?.compactMap(\.doubleValue))
    }

    private static func compact(_ c: JSONObject) -> [ElementBox] {
        let count = Int(c["count"]?.int64Value ?? 0)
        func numbers(_ key: String) -> [Double] {
            c[key]?.arrayValue?.map { $0.doubleValue ?? 0 } ?? []
        }
        let kinds = numbers("kind")
        let sections = numbers("section")
        let items = numbers("item")
        let frames = numbers("frame")
        let alphas = numbers("alpha")
        let z = numbers("zIndex")
        let transforms = numbers("transform")
        let hidden = Set(numbers("hidden").map { Int($0) })
        // Codes 0-2 are fixed; 3 and up name the kinds of the `kinds` table.
        let names =
            ["cell", "header", "footer"] + (c["kinds"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        guard kinds.count >= count, sections.count >= count, items.count >= count,
            frames.count >= 4 * count
        else { return [] }
        return (0..<count).map { i in
            var transform: [Double]? = nil
            if transforms.count >= 6 * (i + 1) {
                let t = Array(transforms[(6 * i)..<(6 * i + 6)])
                if t != [1, 0, 0, 1, 0, 0] { transform = t }
            }
            return ElementBox(
                kind: names.indices.contains(Int(kinds[i])) ? names[Int(kinds[i])] : "cell",
                section: Int(sections[i]),
                item: Int(items[i]), x: frames[4 * i], y: frames[4 * i + 1],
                width: frames[4 * i + 2],
                height: frames[4 * i + 3], alpha: i < alphas.count ? alphas[i] : 1,
                zIndex: i < z.count ? z[i] : 0,
                hidden: hidden.contains(i), transform: transform)
        }
    }
}

/// A point in a JSON `{"x", "y"}` object.
extension JSONValue {
    public var pointX: Double { self["x"]?.doubleValue ?? 0 }
    public var pointY: Double { self["y"]?.doubleValue ?? 0 }
}
