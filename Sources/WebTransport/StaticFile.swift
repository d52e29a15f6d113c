/// A file the daemon serves over HTTP (the viewer's HTML, JS and CSS).
public struct StaticFile: Sendable {
    public var contentType: String
    public var bytes: [UInt8]

    public init(contentType: String, bytes: [UInt8]) {
        self.contentType = contentType
        self.bytes = bytes
    }
}
