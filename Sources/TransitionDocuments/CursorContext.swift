import JSONRPC

/// Where a cursor is in a document being written, which need not be JSON yet: the
/// object or array it is in, and whether a member name or a value goes there.
///
/// It reads the text from the start to the cursor once, keeping a stack of the
/// containers open at each point and, for each object, its member names and the string
/// value of its `type` (which picks a layout's members).
///
/// - Complexity: O(n) for the n bytes before the cursor.
struct CursorContext: Equatable {
    enum Place: Equatable {
        /// A member name goes here; `partial` is what is typed of it, `quoted` whether
        /// its opening quote is.
        case name(partial: String, quoted: Bool)
        /// A value of the member `key` (nil in an array) goes here.
        case value(key: String?, partial: String, quoted: Bool)
        /// Neither (between a name and its colon, after a value ...).
        case elsewhere
    }

    /// The path of the innermost object or array.
    var container: [FieldPathStep]
    var place: Place
    /// Where what is typed of the name or value starts in the text (after its opening
    /// quote): the raw bytes a completion replaces, escapes and all, which `partial`
    /// holds decoded. The cursor when nothing is typed.
    var partialStart: Int
    /// The names of the innermost object's members before the cursor.
    var names: [String]
    /// The `type` member's string of each object open at the cursor, by path.
    var types: [[FieldPathStep]: String]

    private struct Frame {
        var path: [FieldPathStep]
        var isObject: Bool
        /// The member whose value comes next (objects), after its colon.
        var key: String?
        var expectsName: Bool
        var expectsValue: Bool
        var index = 0
        var names: [String] = []
    }

    init(_ bytes: [UInt8], cursor: Int) {
        let end = min(cursor, bytes.count)
        var stack: [Frame] = []
        var types: [[FieldPathStep]: String] = [:]
        var index = 0
        var place = Place.elsewhere
        var partialStart = end
        var atTop = true
        func childPath() -> [FieldPathStep] {
            guard let top = stack.last else { return [] }
            if top.isObject { return top.path + [.key(top.key ?? "")] }
            return top.path + [.index(top.index)]
        }
        func valueDone() {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].expectsValue = false
            stack[stack.count - 1].key = nil
        }
        scan: while index < end {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let path = atTop ? [] : childPath()
                atTop = false
                stack.append(
                    Frame(
                        path: path, isObject: byte == UInt8(ascii: "{"), key: nil,
                        expectsName: byte == UInt8(ascii: "{"),
                        expectsValue: byte != UInt8(ascii: "{")))
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !stack.isEmpty { stack.removeLast() }
                valueDone()
                index += 1
            case UInt8(ascii: ":"):
                if !stack.isEmpty, stack[stack.count - 1].isObject {
                    stack[stack.count - 1].expectsValue = true
                }
                index += 1
            case UInt8(ascii: ","):
                if let top = stack.last {
                    if top.isObject {
                        stack[stack.count - 1].expectsName = true
                        stack[stack.count - 1].key = nil
                    } else {
                        stack[stack.count - 1].index += 1
                        stack[stack.count - 1].expectsValue = true
                    }
                }
                index += 1
            case UInt8(ascii: "\""):
                let start = index + 1
                index = start
                var text: [UInt8] = []
                while index < end, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\"), index + 1 < end { index += 1 }
                    text.append(bytes[index])
                    index += 1
                }
                let string = String(decoding: text, as: UTF8.self)
                guard index < end else {
                    // The cursor is inside this string.
                    partialStart = start
                    if let top = stack.last, top.isObject, top.expectsName {
                        place = .name(partial: string, quoted: true)
                    } else if let top = stack.last, top.expectsValue {
                        place = .value(
                            key: top.isObject ? top.key : nil, partial: string, quoted: true)
                    }
                    break scan
                }
                index += 1
                if let top = stack.last, top.isObject, top.expectsName {
                    stack[stack.count - 1].key = string
                    stack[stack.count - 1].names.append(string)
                    stack[stack.count - 1].expectsName = false
                } else {
                    if let top = stack.last, top.isObject, top.key == "type" {
                        types[top.path] = string
                    }
                    valueDone()
                }
            default:
                let start = index
                while index < end, !Self.endsScalar(bytes[index]) { index += 1 }
                if index >= end {
                    let partial = String(decoding: bytes[start..<end], as: UTF8.self)
                    partialStart = start
                    if let top = stack.last, top.isObject, top.expectsName {
                        place = .name(partial: partial, quoted: false)
                    } else if let top = stack.last, top.expectsValue {
                        place = .value(
                            key: top.isObject ? top.key : nil, partial: partial, quoted: false)
                    }
                    break scan
                }
                valueDone()
            }
            if index >= end, case .elsewhere = place, let top = stack.last {
                if top.isObject, top.expectsName {
                    place = .name(partial: "", quoted: false)
                } else if top.expectsValue {
                    place = .value(key: top.isObject ? top.key : nil, partial: "", quoted: false)
                }
            }
        }
        container = stack.last?.path ?? []
        names = stack.last?.names ?? []
        self.place = place
        self.partialStart = partialStart
        // A cursor right after `{`, `,` or `:` at the very end, handled in the loop; a
        // cursor at the start of an empty document is nowhere.
        if end == 0 { self.place = .elsewhere }
        // The types of objects the cursor is in, and the one it is in now.
        var open: [[FieldPathStep]: String] = [:]
        for frame in stack { if let type = types[frame.path] { open[frame.path] = type } }
        self.types = open
    }

    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), 0x20, 0x0A,
            0x0D, 0x09:
            return true
        default: return false
        }
    }
}
