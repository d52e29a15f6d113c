import TransitionService

/// Whether connections wait for their next turn of input: the host gives the turns on
/// its next event-loop iteration, after the other input it has.
final class HostTurns: TurnScheduling {
    private(set) var wanted = false

    func start() { wanted = true }
    func stop() { wanted = false }
}
