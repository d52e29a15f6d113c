/// What kind of frame carries an outbound message, on a wire that tells them apart (a
/// WebSocket's text and binary frames): JSON text, or a binary tick (Protocol 8.3).
package enum MessageFrame: Sendable {
    case text
    case binary
}
