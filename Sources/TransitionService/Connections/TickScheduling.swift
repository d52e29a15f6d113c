/// Sets the one deadline of the realtime ticks: a `DeadlineTimer` in the daemon, a
/// variable in tests.
package protocol TickScheduling: AnyObject {
    func schedule(at deadline: UInt64)
    func stop()
}
