/// Gives the connections that yielded their next turn on a later loop iteration: an
/// `IdleCallback` in the daemon, a call of `giveTurns()` in tests.
package protocol TurnScheduling: AnyObject {
    func start()
    func stop()
}
