/// Why a document's file could not be read (`No such file or directory`).
public struct DocumentFileError: Error {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
