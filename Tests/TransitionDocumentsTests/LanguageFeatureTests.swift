import JSONRPC
import Testing

@testable import TransitionDocuments

/// The cursor's context and what completion offers there, on text that is not JSON yet.
private func context(_ text: String) -> CursorContext {
    let bytes = Array(text.utf8)
    return CursorContext(bytes, cursor: bytes.count)
}

@Test func aNameGoesAfterABraceOrAComma() {
    let opened = context(#"{"session": {"layout": {"type": "grid", "#)
    #expect(opened.container == [.key("session"), .key("layout")])
    #expect(opened.place == .name(partial: "", quoted: false))
    #expect(opened.names == ["type"])
    #expect(opened.types == [[.key("session"), .key("layout")]: "grid"])
    let typing = context(#"{"transition": {"dura"#)
    #expect(typing.container == [.key("transition")])
    #expect(typing.place == .name(partial: "dura", quoted: true))
}

@Test func aValueGoesAfterAColonAndInArrays() {
    let value = context(#"{"transition": {"timing": "quartic"#)
    #expect(value.place == .value(key: "timing", partial: "quartic", quoted: true))
    let bare = context(#"{"session": {"clock": "#)
    #expect(bare.place == .value(key: "clock", partial: "", quoted: false))
    let element = context(#"{"session": {"sections": [{"items": 3}, {"#)
    #expect(element.container == [.key("session"), .key("sections"), .index(1)])
    #expect(element.place == .name(partial: "", quoted: false))
    #expect(context(#"{"session": {"clock""#).place == .elsewhere)
}

@Test func completionOffersTheLayoutsOwnMembersAndTheClockNames() {
    let text = #"{"session": {"layout": {"type": "list", }, "clock": ""#
    let members = DocumentCompletion.items(
        in: Array(text.utf8), at: TextPosition(line: 0, character: 39))
    let names = members.compactMap { $0["label"]?.stringValue }
    #expect(names.contains("rowHeight"))
    #expect(!names.contains("columns") && !names.contains("type"))
    let clocks = DocumentCompletion.items(
        in: Array(text.utf8), at: TextPosition(line: 0, character: 53))
    #expect(clocks.compactMap { $0["label"]?.stringValue } == ["realtime", "manual"])
    #expect(clocks.first?["textEdit"]?["newText"] == "realtime")
}

/// What is typed is replaced as written: a name with an escape is longer in the text
/// than decoded (found by Tests/Fuzz FuzzDocuments).
@Test func completionReplacesWhatWasTypedEscapesAndAll() {
    let text = #"{"session": {"cl\u006f"#
    let items = DocumentCompletion.items(
        in: Array(text.utf8), at: TextPosition(line: 0, character: text.utf8.count))
    let clock = items.first { $0["label"]?.stringValue == "clock" }
    // After the opening quote at character 14, to the cursor.
    #expect(clock?["textEdit"]?["range"]?["start"]?["character"] == 14)
    #expect(clock?["textEdit"]?["range"]?["end"]?["character"] == .integer(Int64(text.utf8.count)))
}

@Test func previewSessionsAreNamedAfterTheFile() {
    #expect(
        OpenDocument.sessionName(for: "file:///home/a/list-to-grid.transition.json")
            == "transition:list-to-grid")
    #expect(
        OpenDocument.sessionName(for: "untitled:Untitled-1") == "transition:untitled:Untitled-1")
    #expect(
        OpenDocument.sessionName(for: "file:///x/" + String(repeating: "a", count: 100))
            .unicodeScalars.count == 64)
}

@Test func incrementalChangesCountUTF16Units() {
    var document = OpenDocument(
        uri: "file:///x.transition.json", version: 1, text: Array("{\"é😀\": 1}".utf8),
        check: DocumentCheck())
    // Replace the value: after `{"é😀": ` are 1 + 1 + 1 + 2 + 1 + 1 + 1 = 8 units.
    document.apply([
        "range": [
            "start": ["line": 0, "character": 8], "end": ["line": 0, "character": 9],
        ],
        "text": "22",
    ])
    #expect(String(decoding: document.text, as: UTF8.self) == "{\"é😀\": 22}")
    document.apply(["text": "{}"])
    #expect(document.text == Array("{}".utf8))
}
