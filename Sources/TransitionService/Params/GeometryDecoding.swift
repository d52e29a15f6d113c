import JSONRPC
import TransitionEngine

/// Decoding of the engine's values from request params. Only shapes and types are
/// checked here; the engine checks ranges (negative sizes ...) and names the field.
enum Decode {
    /// `{"width": w, "height": h}`.
    static func size(_ json: JSONCursor) throws(JSONDecodingError) -> Size {
        Size(width: try json["width"].decode(), height: try json["height"].decode())
    }

    /// `{"x": x, "y": y}`.
    static func point(_ json: JSONCursor) throws(JSONDecodingError) -> Point {
        Point(x: try json["x"].decode(), y: try json["y"].decode())
    }

    /// `{"top", "left", "bottom", "right"}`, each 0 when absent.
    static func insets(_ json: JSONCursor) throws(JSONDecodingError) -> EdgeInsets {
        EdgeInsets(
            top: try json["top"].decode(default: 0), left: try json["left"].decode(default: 0),
            bottom: try json["bottom"].decode(default: 0),
            right: try json["right"].decode(default: 0))
    }

    /// `{"x", "y", "width", "height"}`.
    static func rect(_ json: JSONCursor) throws(JSONDecodingError) -> Rect {
        Rect(
            x: try json["x"].decode(), y: try json["y"].decode(), width: try json["width"].decode(),
            height: try json["height"].decode())
    }

    /// `[section, item]`.
    static func indexPath(_ json: JSONCursor) throws(JSONDecodingError) -> IndexPath {
        let parts = try json.elements()
        guard parts.count == 2 else { throw json.invalid("[section, item]") }
        let section: Int = try parts[0].decode()
        let item: Int = try parts[1].decode()
        guard section >= 0, item >= 0 else {
            throw json.invalid("[section, item] of integers >= 0")
        }
        return IndexPath(section: section, item: item)
    }

    /// One of `names`, as a string.
    static func choice(_ json: JSONCursor, _ names: [String]) throws(JSONDecodingError) -> String {
        let name: String = try json.decode()
        guard names.contains(name) else {
            throw JSONDecodingError(path: json.pathSteps, oneOf: names, found: name)
        }
        return name
    }

    /// An enumeration from its raw value.
    static func named<T: RawRepresentable & CaseIterable>(_ json: JSONCursor, _ type: T.Type)
        throws(JSONDecodingError) -> T where T.RawValue == String
    {
        let names = T.allCases.map { $0.rawValue }
        return T(rawValue: try choice(json, names))!
    }

    /// An optional enumeration, `fallback` when absent.
    static func named<T: RawRepresentable & CaseIterable>(_ json: JSONCursor, default fallback: T)
        throws(JSONDecodingError) -> T where T.RawValue == String
    {
        json.isPresent ? try named(json, T.self) : fallback
    }

    /// Viewport (`viewport`) and content inset (`contentInset`) of a params object.
    static func viewport(_ params: JSONCursor, required: Bool) throws(JSONDecodingError)
        -> Viewport?
    {
        guard required || params["viewport"].isPresent || params["contentInset"].isPresent else {
            return nil
        }
        guard params["viewport"].isPresent else {
            throw params["viewport"].invalid("an object {width, height}")
        }
        return Viewport(
            size: try size(params["viewport"]),
            contentInset: params["contentInset"].isPresent
                ? try insets(params["contentInset"]) : .zero)
    }
}
