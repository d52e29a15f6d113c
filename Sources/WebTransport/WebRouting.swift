/// What to do with one HTTP request on the daemon's port.
public struct WebRouting: Equatable, Sendable {
    public enum Next: Equatable, Sendable {
        /// Speak WebSocket from now on.
        case upgrade
        /// Read the next request on this connection.
        case keepAlive
        /// Close after the response.
        case close
    }

    public var response: [UInt8]
    public var next: Next
    /// For the log (never sent): why a request was refused.
    public var note: String?
    /// The access check that refused the request, if one did.
    public var refusal: WebAccessPolicy.Refusal?

    public init(
        response: [UInt8], next: Next, note: String?, refusal: WebAccessPolicy.Refusal? = nil
    ) {
        self.response = response
        self.next = next
        self.note = note
        self.refusal = refusal
    }
}
