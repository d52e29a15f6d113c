import JSONRPC
import Testing

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
