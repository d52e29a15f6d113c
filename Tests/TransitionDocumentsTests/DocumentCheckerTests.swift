import JSONRPC
import Testing
import TransitionService

@testable import TransitionDocuments

/// A document whose text is given line by line, so the expected ranges are easy to read.
private func check(_ lines: [String]) -> DocumentCheck {
    DocumentChecker.check(Array(lines.joined(separator: "\n").utf8))
}

private func range(_ line: Int, _ start: Int, _ end: Int) -> TextRange {
    TextRange(
        start: TextPosition(line: line, character: start),
        end: TextPosition(line: line, character: end))
}

private let listToGrid = [
    #"{"#,
    #"  "session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 10}],"#,
    #"              "layout": {"type": "list", "rowHeight": 60}, "clock": "manual"},"#,
    #"  "transition": {"to": {"type": "grid", "columns": 2}, "duration": 0.5}"#,
    #"}"#,
]

@Test func aValidDocumentHasNoDiagnosticsAndTheRequestsResults() {
    let result = check(listToGrid)
    #expect(result.diagnostics == [])
    #expect(result.isValid)
    #expect(result.started?["duration"]?.doubleValue == 0.5)
    #expect(result.created?["contentSize"]?["height"]?.doubleValue == 600)
}

@Test func aRefusedValueIsAnErrorAtItsValue() {
    var lines = listToGrid
    lines[3] = #"  "transition": {"to": {"type": "grid", "columns": "two"}, "duration": 0.5}"#
    let result = check(lines)
    #expect(!result.isValid)
    #expect(result.diagnostics.count == 1)
    let diagnostic = result.diagnostics[0]
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.code == -32602)
    #expect(diagnostic.field == "transition.to.columns")
    #expect(diagnostic.range == range(3, 51, 56))
}

@Test func unknownMembersAreWarningsAndTheCheckGoesOn() {
    var lines = listToGrid
    lines[3] =
        #"  "transition": {"to": {"type": "grid", "columns": 2}, "duraton": 0.5, "interactiv": true}"#
    let result = check(lines)
    #expect(result.isValid)
    #expect(result.diagnostics.map(\.severity) == [.warning, .warning])
    #expect(result.diagnostics.map(\.field) == ["transition.duraton", "transition.interactiv"])
    #expect(result.diagnostics[0].message == "unknown member; did you mean `duration`?")
    #expect(result.diagnostics[0].range == range(3, 55, 64))
    #expect(result.transitionParams?["duraton"] == nil)
}

@Test func aSyntaxErrorIsAtItsPosition() {
    let result = check([#"{"session": {"#, #"  "viewport": {"width": 1,, "height": 2}}}"#])
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics[0].code == -32700)
    #expect(result.diagnostics[0].range.start == TextPosition(line: 1, character: 26))
    #expect(result.document == nil)
}

@Test func aMissingTransitionIsReportedAtTheRoot() {
    let result = check([#"{"session": {}}"#])
    #expect(result.diagnostics.map(\.field) == ["transition"])
    #expect(result.diagnostics[0].range == range(0, 0, 1))
}

@Test func theItemLimitIsAnError() {
    var lines = listToGrid
    lines[1] =
        #"  "session": {"viewport": {"width": 375, "height": 667}, "sections": [{"items": 20000000}],"#
    let result = check(lines)
    #expect(!result.isValid)
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics[0].code == -32014)
}

@Test func theOlderFormIsConvertedAndItsFieldsPlacedInItsText() {
    let result = check([
        #"{"viewport": {"width": 375, "height": 667}, "items": 10,"#,
        #" "from": {"type": "list", "rowHeight": 60}, "to": {"type": "grid", "columns": -2},"#,
        #" "duration": 0.5}"#,
    ])
    #expect(result.convertedFromOlderForm)
    #expect(result.diagnostics.map(\.severity) == [.warning, .error])
    #expect(result.diagnostics[1].field == "transition.to.columns")
    #expect(result.diagnostics[1].range == range(1, 78, 80))
    #expect(
        result.document?["session"]?["sections"]
            == .array([.object(["items": .integer(10)])]))
}

@Test func positionsCountUTF16Units() {
    let lines = LineIndex(Array("a\n\"é😀\": 1".utf8))
    // é is 2 bytes and 1 unit, 😀 4 bytes and 2 units.
    #expect(lines.position(of: 9) == TextPosition(line: 1, character: 4))
    #expect(lines.offset(of: TextPosition(line: 1, character: 4)) == 9)
}

@Test func theDaemonsDocumentMethodsAreItsOnlyRequestsBesideTheTable() {
    var registry = MethodRegistry()
    DocumentMethods.register(into: &registry, limits: ServiceLimits())
    #expect(registry.requestMethods == ["document/check"])
}

@Test func errorsAndWarningsComeInOneCheck() {
    var lines = listToGrid
    lines[3] =
        #"  "transition": {"to": {"type": "grid", "columns": "two"}, "duraton": 0.5}"#
    let result = check(lines)
    #expect(!result.isValid)
    #expect(result.diagnostics.map(\.severity) == [.error, .warning])
    #expect(result.diagnostics.map(\.field) == ["transition.to.columns", "transition.duraton"])
    #expect(result.diagnostics[1].message == "unknown member; did you mean `duration`?")
    #expect(result.diagnostics[1].range == range(3, 59, 68))
}

@Test func aRefusedSessionStillWarnsOfTheTransitionsUnknownMembers() {
    var lines = listToGrid
    lines[2] = #"              "layout": {"type": "gird", "rowHeight": 60}, "clock": "manual"},"#
    lines[3] = #"  "transition": {"to": {"type": "grid", "columns": 2}, "duraton": 0.5}"#
    let result = check(lines)
    #expect(result.diagnostics.map(\.field) == ["session.layout.type", "transition.duraton"])
    #expect(
        result.diagnostics[0].message
            == "expected one of flow, list, grid, displaySwitch, explicit; did you mean `grid`?")
    #expect(result.diagnostics[1].severity == .warning)
}

@Test func aMissingMemberIsReportedOnTheObjectThatLacksIt() {
    var lines = listToGrid
    lines[3] = #"  "transition": {"to": {"type": "grid"}, "duration": 0.5}"#
    let missing = check(lines)
    #expect(missing.diagnostics.map(\.field) == ["transition.to"])
    #expect(missing.diagnostics[0].message == "missing member 'columns': expected integer")
    #expect(missing.diagnostics[0].range == range(3, 17, 21))
    // A misspelling that stands in for it: the warning at it, and the error names it.
    lines[3] = #"  "transition": {"to": {"type": "grid", "colums": 2}, "duration": 0.5}"#
    let misspelt = check(lines)
    #expect(misspelt.diagnostics.map(\.field) == ["transition.to.colums", "transition.to"])
    #expect(misspelt.diagnostics.map(\.severity) == [.warning, .error])
    #expect(
        misspelt.diagnostics[0].message
            == "unknown member; did you mean `columns`, which is missing?")
    #expect(
        misspelt.diagnostics[1].message
            == "missing member 'columns': expected integer; is `colums` a misspelling of it?")
}
