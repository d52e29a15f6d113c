import JSONRPC

/// Error responses with id null, as bytes.
enum ResponseBytes {
    static func error(_ error: ResponseError) -> [UInt8] {
        var writer = JSONByteWriter()
        writer.writeErrorResponse(id: .null, error: error)
        return writer.bytes
    }
}
