import JSONRPC
import Testing

@Test func literalBuildsObjectInOrder() {
    let value: JSONValue = ["b": 1, "a": [true, nil, "x"]]
    #expect(value.objectValue?.keys == ["b", "a"])
    #expect(value["a"] == [true, nil, "x"])
}
