// Fuzz target: transition documents and the language server's positions
// (Sources/TransitionDocuments): `LineIndex` (byte offsets <-> LSP positions, in UTF-16
// units), an editor's incremental change (`OpenDocument.apply`), `DocumentChecker.check`,
// completion and hover, on arbitrary bytes.
//
// Input: 8 bytes of choices (two positions, a replacement), then the document's text.
//
// Checks: positions lie in the text and grow with offsets; on UTF-8 text they are those
// of a reference that counts UTF-16 units scalar by scalar, and `offset(of:)` inverts
// `position(of:)`; a change keeps UTF-8 text UTF-8 and splices where the reference says;
// diagnostics lie in the text, are the same when checked again, and for a document
// that is JSON say what checking its value says; a completion replaces exactly what was
// typed before the cursor.

import JSONRPC
import TransitionEngine

enum DocumentsFuzz {
    static let replacements = ["", "x", "\n", "é", "😀", "\"", "{\"session\": {}, ", "\r\n", "}"]

    static func run(_ data: [UInt8]) {
        var choices = FuzzBytes(Array(data.prefix(8)))
        let text = Array(data.dropFirst(8))
        let lines = LineIndex(text)
        let reference = ReferencePositions(text)
        checkPositions(text, lines, reference)
        let first = position(&choices)
        let second = position(&choices)
        let replacement = replacements[choices.below(replacements.count)]
        checkChange(text, first, second, replacement, lines, reference)
        checkDiagnostics(text, lines)
        checkCompletion(text, at: first, lines)
        let document = OpenDocument(
            uri: "file:///f.transition.json", version: 1, text: text,
            check: DocumentChecker.check(text, limits: fuzzLimits))
        _ = DocumentHover.hover(document, at: second, limits: fuzzLimits)
    }

    /// A position near the text's (small lines and characters, some negative) or far out.
    static func position(_ choices: inout FuzzBytes) -> TextPosition {
        let far = choices.below(16) == 0
        return TextPosition(
            line: far ? Int(Int32.max) : choices.below(12) - 1,
            character: far ? Int(Int32.max) : choices.below(40) - 2)
    }

    static func checkPositions(
        _ text: [UInt8], _ lines: LineIndex, _ reference: ReferencePositions?
    ) {
        let lineCount = 1 + text.filter { $0 == 0x0A }.count
        var previous = TextPosition(line: 0, character: 0)
        // Every offset of a short text; about 300 of a long one (each costs its column).
        for offset in stride(from: 0, through: text.count, by: Swift.max(1, text.count / 300)) {
            let p = lines.position(of: offset)
            guard p.line >= 0, p.line < lineCount, p.character >= 0 else {
                fuzzFailure("offset \(offset) is at \(p), outside \(lineCount) lines", text)
            }
            guard (p.line, p.character) >= (previous.line, previous.character) else {
                fuzzFailure("offset \(offset) is at \(p), before \(previous)", text)
            }
            previous = p
            let back = lines.offset(of: p)
            guard back >= 0, back <= text.count else {
                fuzzFailure("offset(of: \(p)) = \(back)", text)
            }
        }
        guard lines.position(of: -3) == TextPosition(line: 0, character: 0),
            lines.position(of: text.count + 3) == lines.position(of: text.count)
        else { fuzzFailure("offsets outside the text are not clamped", text) }
        guard let reference else { return }
        let step = Swift.max(1, reference.boundaries.count / 300)
        for (offset, p) in stride(from: 0, to: reference.boundaries.count, by: step).map({
            reference.boundaries[$0]
        }) {
            guard lines.position(of: offset) == p else {
                fuzzFailure("offset \(offset) is at \(lines.position(of: offset)), not \(p)", text)
            }
            guard lines.offset(of: p) == offset else {
                fuzzFailure("\(p) is at offset \(lines.offset(of: p)), not \(offset)", text)
            }
        }
    }

    static func checkChange(
        _ text: [UInt8], _ first: TextPosition, _ second: TextPosition, _ replacement: String,
        _ lines: LineIndex, _ reference: ReferencePositions?
    ) {
        func json(_ p: TextPosition) -> JSONValue {
            ["line": .integer(Int64(p.line)), "character": .integer(Int64(p.character))]
        }
        var document = OpenDocument(
            uri: "file:///f.transition.json", version: 1, text: text, check: DocumentCheck())
        document.apply(
            ["range": ["start": json(first), "end": json(second)], "text": .string(replacement)])
        guard let reference else { return }
        let start = reference.offset(of: first)
        let end = Swift.max(start, reference.offset(of: second))
        let expected = Array(text[..<start]) + Array(replacement.utf8) + Array(text[end...])
        guard document.text == expected else {
            fuzzFailure(
                "replacing \(first)..<\(second) with \(replacement.debugDescription) spliced elsewhere than \(start)..<\(end)",
                text)
        }
        guard String(validating: document.text, as: UTF8.self) != nil else {
            fuzzFailure("a change made UTF-8 text invalid", text)
        }
    }

    static func checkDiagnostics(_ text: [UInt8], _ lines: LineIndex) {
        let check = DocumentChecker.check(text, limits: fuzzLimits)
        let isUTF8 = String(validating: text, as: UTF8.self) != nil
        let lineCount = 1 + text.filter { $0 == 0x0A }.count
        for d in check.diagnostics {
            for p in [d.range.start, d.range.end] {
                // On UTF-8 text, at a character's start (so that the offset maps back).
                guard p.line >= 0, p.line < lineCount, p.character >= 0,
                    !isUTF8 || lines.position(of: lines.offset(of: p)) == p
                else {
                    fuzzFailure("diagnostic '\(d.message)' at \(d.range): not in the text", text)
                }
            }
            guard
                (d.range.start.line, d.range.start.character) <= (
                    d.range.end.line, d.range.end.character
                )
            else {
                fuzzFailure("diagnostic '\(d.message)' ends before it starts: \(d.range)", text)
            }
        }
        guard DocumentChecker.check(text, limits: fuzzLimits).diagnostics == check.diagnostics
        else {
            fuzzFailure("checking the text again found other diagnostics", text)
        }
        guard let value = try? JSONValue(parsing: text) else { return }
        func summary(_ c: DocumentCheck) -> [String] {
            c.diagnostics.map { "\($0.severity) \($0.code) \($0.field ?? "-") \($0.message)" }
        }
        let fromValue = DocumentChecker.check(value, limits: fuzzLimits)
        guard summary(fromValue) == summary(check), fromValue.isValid == check.isValid else {
            fuzzFailure(
                "the text and its value check differently: \(summary(check)) against \(summary(fromValue))",
                text)
        }
    }

    /// A completion's edit ends at the cursor and replaces exactly what was typed: after
    /// the opening quote of a quoted name or value, the bytes that read as the partial
    /// (a backslash taking the byte after it as itself), else the token's bytes. Only
    /// on UTF-8 text, which is what an editor sends (LSP positions cannot name a byte
    /// inside an invalid sequence).
    static func checkCompletion(_ text: [UInt8], at position: TextPosition, _ lines: LineIndex) {
        guard String(validating: text, as: UTF8.self) != nil else { return }
        let cursor = lines.offset(of: position)
        let place = CursorContext(text, cursor: cursor).place
        let quoted: Bool
        let partial: String
        switch place {
        case .name(let p, let q), .value(_, let p, let q): (partial, quoted) = (p, q)
        case .elsewhere: return
        }
        for item in DocumentCompletion.items(in: text, at: position) {
            guard let range = item["textEdit"]?["range"],
                let line = range["start"]?["line"]?.int64Value,
                let character = range["start"]?["character"]?.int64Value
            else { fuzzFailure("a completion without an edit range: \(item)", text) }
            let start = lines.offset(of: TextPosition(line: Int(line), character: Int(character)))
            guard start <= cursor else {
                fuzzFailure(
                    "a completion's edit starts at \(start), after the cursor \(cursor)", text)
            }
            var typed: [UInt8] = []
            var i = start
            while i < cursor {
                if quoted, text[i] == UInt8(ascii: "\\"), i + 1 < cursor { i += 1 }
                typed.append(text[i])
                i += 1
            }
            let follows = !quoted || (start > 0 && text[start - 1] == UInt8(ascii: "\""))
            guard follows, String(decoding: typed, as: UTF8.self) == partial else {
                fuzzFailure(
                    "a completion of \(place) replaces \(start)..<\(cursor), not what was typed",
                    text)
            }
        }
    }
}

/// LSP positions of a UTF-8 text, counted scalar by scalar: the position of every offset
/// where a scalar starts (and the end), and the offset of any position. Nil for text
/// that is not UTF-8.
struct ReferencePositions {
    /// (offset, position) at each scalar boundary.
    var boundaries: [(Int, TextPosition)] = []
    /// Per line: the offset where it starts, and each scalar's (offset, UTF-16 width).
    var lineScalars: [(start: Int, scalars: [(offset: Int, width: Int)], end: Int)] = []
    let count: Int

    init?(_ text: [UInt8]) {
        guard let string = String(validating: text, as: UTF8.self) else { return nil }
        count = text.count
        var offset = 0
        var line = 0
        var character = 0
        var current: (start: Int, scalars: [(offset: Int, width: Int)], end: Int) = (0, [], 0)
        for scalar in string.unicodeScalars {
            boundaries.append((offset, TextPosition(line: line, character: character)))
            let length = UTF8.width(scalar)
            if scalar == "\n" {
                current.end = offset
                lineScalars.append(current)
                line += 1
                character = 0
                current = (offset + 1, [], 0)
            } else {
                current.scalars.append((offset, UTF16.width(scalar)))
                character += UTF16.width(scalar)
            }
            offset += length
        }
        boundaries.append((offset, TextPosition(line: line, character: character)))
        current.end = offset
        lineScalars.append(current)
    }

    /// The offset of a position: its line's start plus the scalars whose UTF-16 units
    /// come before `character` (a position inside a scalar's pair is after it); lines
    /// past the end are the end, before the start the start.
    func offset(of p: TextPosition) -> Int {
        guard p.line < lineScalars.count else { return count }
        guard p.line >= 0 else { return 0 }
        let line = lineScalars[p.line]
        var units = 0
        for scalar in line.scalars {
            if units >= p.character { return scalar.offset }
            units += scalar.width
        }
        return line.end
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    DocumentsFuzz.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
