/// Why the forwarder cannot go on: printed on standard error as one line, exit 1.
public struct ForwarderFailure: Error, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
