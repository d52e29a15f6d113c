import JSONRPC
import Testing

/// `writeMethodNotFound(id:method:)` writes the bytes of the general path, an error
/// response with `ResponseError.methodNotFound`, for any method name and id.
struct MethodNotFoundWriterTests {
    static let methods = [
        "", "x", "bench/unknownMethod", "textDocument/semanticTokens/full/delta",
        "quote\"and\\backslash", "control\u{01}\n\t", "é and 😀",
        String(repeating: "long/", count: 40),
    ]
    static let ids: [RequestID] = [
        .null, .integer(0), .integer(-7), .double(1.5), .string("a\"b"), .string(""),
    ]

    @Test(arguments: methods)
    func sameBytesAsTheGeneralPath(method: String) {
        for id in Self.ids {
            var general = JSONByteWriter()
            general.writeErrorResponse(id: id, error: .methodNotFound(method))
            var direct = JSONByteWriter()
            direct.writeMethodNotFound(id: id, method: method)
            #expect(direct.bytes == general.bytes, "\(id) \(method)")
        }
    }

    @Test func sameBytesInsideAnArray() {
        var general = JSONByteWriter(capacity: 0)
        var direct = JSONByteWriter(capacity: 0)
        general.beginArray()
        direct.beginArray()
        for method in Self.methods {
            general.writeErrorResponse(id: .integer(1), error: .methodNotFound(method))
            direct.writeMethodNotFound(id: .integer(1), method: method)
        }
        general.endArray()
        direct.endArray()
        #expect(direct.bytes == general.bytes)
    }
}
