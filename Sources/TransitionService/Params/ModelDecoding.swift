import JSONRPC
import TransitionEngine

extension Decode {
    /// `[{"items": n, "ids": [...], "sizes": [[w, h], ...]}, ...]`.
    static func model(_ json: JSONCursor) throws(JSONDecodingError) -> ItemModel {
        var sections: [SectionModel] = []
        for section in try json.elements() {
            let count: Int = try section["items"].decode()
            guard count >= 0 else { throw section["items"].invalid("an integer >= 0") }
            var ids: [ItemID]? = nil
            if section["ids"].isPresent {
                var list: [ItemID] = []
                for element in try section["ids"].elements() { list.append(try itemID(element)) }
                ids = list
            }
            var sizes: [Size]? = nil
            if section["sizes"].isPresent {
                var list: [Size] = []
                for element in try section["sizes"].elements() {
                    let pair: [Double] = try element.decode()
                    guard pair.count == 2 else { throw element.invalid("[width, height]") }
                    list.append(Size(width: pair[0], height: pair[1]))
                }
                sizes = list
            }
            sections.append(SectionModel(count: count, ids: ids, sizes: sizes))
        }
        return ItemModel(sections: sections)
    }

    /// An item id: a string or an integer.
    static func itemID(_ element: JSONCursor) throws(JSONDecodingError) -> ItemID {
        switch try element.require("string or integer") {
        case .string(let s): return .string(s)
        case .integer(let i): return .int(i)
        default: throw element.invalid("string or integer")
        }
    }
}
