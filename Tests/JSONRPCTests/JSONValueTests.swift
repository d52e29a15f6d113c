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
