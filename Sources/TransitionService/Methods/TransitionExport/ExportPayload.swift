import JSONRPC
import TransitionEngine
import TransitionExport
import TransitionProtocol

/// The result of `transition/export`: `{format, mimeType, content, duration,
/// elementCount}`; `content` is a JSON value for `waapi` and a string otherwise.
struct ExportPayload: JSONEncodable {
    var result: ExportResult

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("format")
        w.write(result.format.rawValue)
        w.writeKey("mimeType")
        w.write(result.mimeType)
        w.writeKey("content")
        if result.format.contentIsJSONValue {
            w.writeRaw(Array(result.content.utf8))
        } else {
            w.write(result.content)
        }
        w.writeKey("duration")
        w.write(result.duration)
        w.writeKey("elementCount")
        w.write(result.elementCount)
        w.endObject()
    }
}
