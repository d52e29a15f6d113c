/// A JSON-RPC error code, with the constants of JSON-RPC 2.0 and LSP 3.17.
public struct ErrorCode: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Invalid JSON was received (-32700).
    public static let parseError = ErrorCode(rawValue: -32700)
    /// The JSON sent is not a valid request object (-32600).
    public static let invalidRequest = ErrorCode(rawValue: -32600)
    /// The method does not exist or is not available (-32601).
    public static let methodNotFound = ErrorCode(rawValue: -32601)
    /// Invalid method parameters (-32602).
    public static let invalidParams = ErrorCode(rawValue: -32602)
    /// Internal JSON-RPC error (-32603).
    public static let internalError = ErrorCode(rawValue: -32603)
    /// LSP: a request arrived before `initialize` (-32002).
    public static let serverNotInitialized = ErrorCode(rawValue: -32002)
    /// LSP: the request was cancelled with `$/cancelRequest` (-32800).
    public static let requestCancelled = ErrorCode(rawValue: -32800)
    /// LSP: the content changed and the result is no longer valid (-32801).
    public static let contentModified = ErrorCode(rawValue: -32801)
    /// LSP: the server cancelled the request (-32802).
    public static let serverCancelled = ErrorCode(rawValue: -32802)
    /// LSP: a syntactically valid request failed (-32803).
    public static let requestFailed = ErrorCode(rawValue: -32803)

    /// The range JSON-RPC reserves for implementation-defined server errors.
    public static let serverErrorRange = -32099 ... -32000

    /// A server error code; `code` must be in -32099...-32000.
    public static func serverError(_ code: Int) -> ErrorCode {
        precondition(serverErrorRange.contains(code), "server error codes are -32099...-32000")
        return ErrorCode(rawValue: code)
    }
}

extension ErrorCode: CustomStringConvertible {
    public var description: String { String(rawValue) }
}
