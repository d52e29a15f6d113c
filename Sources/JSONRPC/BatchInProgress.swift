/// A batch whose messages are handled one at a time, so that a server can serve others
/// between them (`Dispatcher.begin(body:into:)`): what is left of it, and the response
/// array written so far.
struct BatchInProgress {
    var messages: [Result<Message, InvalidMessage>]
    /// The index of the next message to handle.
    var next = 0
    /// The response array so far, open (`[` and the answers, comma-separated).
    var responses: [UInt8] = [UInt8(ascii: "[")]
    var answers = 0
    /// What else the batch's messages asked for, carried out after the response.
    var extra: [Outgoing] = []
    /// For each cancelled id, the position of its last `$/cancelRequest` in the batch.
    let lastCancel: [RequestID: Int]

    init(messages: [Result<Message, InvalidMessage>], lastCancel: [RequestID: Int]) {
        self.messages = messages
        self.lastCancel = lastCancel
    }
}
