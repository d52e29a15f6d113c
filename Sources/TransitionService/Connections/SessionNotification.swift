/// A notification for one connection: a tick may be coalesced, anything else is kept.
package struct SessionNotification {
    package var body: [UInt8]
    package var session: String
    package var isTick: Bool
    package var frame: MessageFrame = .text
}
