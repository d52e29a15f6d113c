import JSONRPC
import Testing

struct JSONValueTests {
    @Test func literalBuildsObjectInOrder() {
        let value: JSONValue = ["b": 1, "a": [true, nil, "x"]]
        #expect(value.objectValue?.keys == ["b", "a"])
        #expect(value["a"] == [true, nil, "x"])
    }

    @Test func numbersCompareByValue() {
        #expect(JSONValue.integer(2) == .double(2.0))
        #expect(JSONValue.double(-0.0) == .integer(0))
        #expect(JSONValue.integer(9_007_199_254_740_993) != .double(9_007_199_254_740_992))
        #expect(JSONValue.integer(1) != .double(1.5))
        #expect(JSONValue.integer(1) != .string("1"))
        #expect(JSONValue.bool(true) != .integer(1))
    }

    @Test func objectsCompareWithoutOrder() {
        let a: JSONValue = ["x": 1, "y": [1, 2]]
        let b: JSONValue = ["y": [1, 2], "x": 1.0]
        #expect(a == b)
        #expect(a != ["x": 1])
        #expect(a != ["x": 1, "y": [2, 1]])
        #expect(a != ["x": 1, "z": [1, 2]])
    }

    @Test func accessors() {
        let value: JSONValue = [
            "i": 3, "d": 2.5, "s": "t", "b": false, "n": nil, "a": [1], "big": 1e19,
        ]
        #expect(value["i"]?.int64Value == 3)
        #expect(value["i"]?.doubleValue == 3)
        #expect(value["d"]?.int64Value == nil)
        #expect(value["d"]?.doubleValue == 2.5)
        #expect(value["big"]?.int64Value == nil)
        #expect(value["s"]?.stringValue == "t")
        #expect(value["b"]?.boolValue == false)
        #expect(value["n"]?.isNull == true)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["missing"] == nil)
        #expect(JSONValue.integer(1)["x"] == nil)
        #expect(value["s"]?.typeName == "string")
        #expect(value["n"]?.typeName == "null")
    }

    @Test func objectUpdatesKeepFirstPosition() {
        var object: JSONObject = ["a": 1, "b": 2]
        #expect(object.updateValue(3, forKey: "a") == 1)
        object["c"] = 4
        #expect(object.keys == ["a", "b", "c"])
        #expect(object.values == [3, 2, 4])
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object.removeValue(forKey: "zz") == nil)
    }

    @Test func largeObjectsStayConsistentWhenEdited() {
        var object = JSONObject()
        for index in 0..<40 { object["k\(index)"] = .integer(Int64(index)) }
        object["k3"] = "three"
        object.removeValue(forKey: "k0")
        object["k40"] = 40
        #expect(object.count == 40)
        #expect(object["k3"] == "three")
        #expect(object["k0"] == nil)
        #expect(object["k39"] == 39)
        #expect(object.index(forKey: "k1") == 0)
        #expect(object.index(forKey: "k40") == 39)
    }

    @Test func descriptionIsJSON() throws {
        let value: JSONValue = ["a": [1, 2.5, "x\n"], "b": nil]
        #expect(value.description == #"{"a":[1,2.5,"x\n"],"b":null}"#)
        #expect(try JSONValue(parsing: value.description) == value)
    }
}

struct JSONCursorTests {
    let params: JSONValue = [
        "viewport": ["width": 320, "height": "tall"],
        "items": [[0, 20], [1, "x"]],
        "flag": nil,
    ]

    @Test func pathsNameTheField() {
        let root = JSONCursor(params)
        #expect(root.path == "params")
        #expect(root["viewport"]["width"].path == "params.viewport.width")
        #expect(root["items"][1][0].path == "params.items[1][0]")
        #expect(
            root["items"][1][0].pathSteps == [.key("params"), .key("items"), .index(1), .index(0)])
        #expect(
            throws: JSONDecodingError(
                field: "params.viewport.height", expected: "number", found: "string")
        ) {
            try root["viewport"]["height"].decode(Double.self)
        }
        #expect(
            throws: JSONDecodingError(
                field: "params.items[1][1]", expected: "integer", found: "string")
        ) {
            try root["items"].decode([[Int]].self)
        }
        #expect(
            throws: JSONDecodingError(field: "params.viewport", expected: "array", found: "object")
        ) {
            try root["viewport"][0].decode(Int.self)
        }
        #expect(
            throws: JSONDecodingError(
                field: "params.nope.deeper", expected: "string", found: "nothing")
        ) {
            try root["nope"]["deeper"].decode(String.self)
        }
    }

    @Test func optionalAndDefaultValues() throws {
        let root = JSONCursor(params)
        #expect(try root["viewport"]["width"].decode(Double.self) == 320)
        #expect(try root["flag"].decodeIfPresent(Bool.self) == nil)
        #expect(try root["absent"].decodeIfPresent(Int.self) == nil)
        #expect(try root["absent"].decode(default: 7) == 7)
        #expect(try root["items"][0].decode([Int].self) == [0, 20])
        #expect(try root["items"][5].decodeIfPresent([Int].self) == nil)
        #expect(root["flag"].isPresent == false)
        #expect(root["viewport"].isPresent)
        #expect(try root["viewport"].members().map(\.key) == ["width", "height"])
        #expect(try root["items"].elements().map(\.path) == ["params.items[0]", "params.items[1]"])
    }

    @Test func customChecks() {
        let root = JSONCursor(params)
        #expect(
            root["viewport"]["width"].invalid("at most 100")
                == JSONDecodingError(
                    field: "params.viewport.width", expected: "at most 100", found: "number"))
        #expect(
            root["viewport"]["width"].invalid("at most 100").description
                == "params.viewport.width: expected at most 100")
    }

    @Test func integersFromIntegralDoubles() throws {
        let root = JSONCursor(["a": 2.0, "b": 2.5, "c": 1e30])
        #expect(try root["a"].decode(Int.self) == 2)
        #expect(throws: JSONDecodingError.self) { try root["b"].decode(Int.self) }
        #expect(throws: JSONDecodingError.self) { try root["c"].decode(Int64.self) }
    }
}
