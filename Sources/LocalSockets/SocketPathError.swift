/// Why no safe default socket path could be made.
public struct SocketPathError: Error, CustomStringConvertible {
    public var description: String
}
