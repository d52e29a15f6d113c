/// The one `Outbox` the daemon, its transports and its log share.
package final class OutboxRef {
    package var value = Outbox()
    package init() {}
}
