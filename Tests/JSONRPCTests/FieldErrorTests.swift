import Testing

@testable import JSONRPC

@Suite struct FieldErrorTests {
    @Test func aDottedFieldReadsBackAsItsSteps() {
        let steps: [FieldPathStep] = [.key("params"), .key("sections"), .index(12), .key("items")]
        #expect(FieldError.render(steps) == "params.sections[12].items")
        #expect(FieldError.steps(of: "params.sections[12].items") == steps)
        #expect(
            FieldError.steps(of: "params.layout.frames[3][2]")
                == [.key("params"), .key("layout"), .key("frames"), .index(3), .index(2)])
        #expect(FieldError.steps(of: "params") == [.key("params")])
    }

    @Test func aTypeErrorCarriesExpectedAndFoundInTheOneShape() {
        let e = FieldError(
            path: [.key("params"), .key("items"), .index(2), .key("id")],
            expected: "string or integer",
            found: "boolean")
        #expect(e.description == "params.items[2].id: expected string or integer")
        #expect(
            e.data
                == [
                    "field": "params.items[2].id", "path": ["params", "items", 2, "id"],
                    "reason": "expected string or integer",
                    "expected": "string or integer",
                    "found": "boolean",
                ])
    }

    @Test func aRefusedValueHasOnlyAReasonAndALimitWhenOnePassed() {
        let refused = FieldError(
            field: "layout.columns", reason: "must be an integer from 1 to 10000"
        )
        .under([.key("params")])
        #expect(
            refused.data
                == [
                    "field": "params.layout.columns", "path": ["params", "layout", "columns"],
                    "reason": "must be an integer from 1 to 10000",
                ])
        let limited = FieldError(field: "params.sections[1].items", reason: "too many", limit: 10)
        #expect(
            limited.data
                == [
                    "field": "params.sections[1].items",
                    "path": ["params", "sections", 1, "items"],
                    "reason": "too many", "limit": 10,
                ])
    }

    @Test func invalidParamsSendsTheData() {
        let e = FieldError(field: "params.fps", reason: "must be an integer from 1 to 240")
        let response = ResponseError.invalidParams(e)
        #expect(response.code == .invalidParams)
        #expect(response.message == "Invalid params: params.fps: must be an integer from 1 to 240")
        #expect(response.data == e.data)
    }
}
