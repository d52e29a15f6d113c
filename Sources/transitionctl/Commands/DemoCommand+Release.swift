import JSONRPC
import TransitionProtocol

extension DemoCommand {
    /// The pan of `--release`: (seconds after the start, progress) of each scrub, one per
    /// 60 Hz frame, speeding up from 0 to 0.3 in 0.15 s.
    static let panPath: [(time: Double, progress: Double)] = (1...9).map { i in
        let u = Double(i) / 9
        return (0.15 * u, ((0.3 * u * u) * 1000).rounded() / 1000)
    }

    /// Scrubs the interactive transition along `panPath` in real time, then releases it.
    /// - Returns: the result of `transition/release`.
    func pan(
        _ client: DaemonClient, session: String, onNotification: @escaping (Notification) -> Void
    ) throws -> JSONValue {
        let start = MonotonicClock.now
        for (time, progress) in DemoCommand.panPath {
            while MonotonicClock.now < start + time {
                if case .notification(let n) = try client.poll(until: start + time) {
                    onNotification(n)
                }
            }
            _ = try client.call(
                .transitionScrub, ["session": .string(session), "progress": .double(progress)],
                onNotification: onNotification)
        }
        return try client.call(
            .transitionRelease, ["session": .string(session)], onNotification: onNotification)
    }
}
