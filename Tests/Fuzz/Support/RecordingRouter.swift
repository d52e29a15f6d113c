import JSONRPC
import TransitionEngine

/// Keeps every message the session host emits, as the daemon's connections would send them.
final class RecordingRouter {
    struct Delivery {
        var body: [UInt8]
        var session: String
        var connection: ConnectionID
        var isTick: Bool
    }
    let host: SessionHost
    private var recorded: [Delivery] = []

    init(_ host: SessionHost) {
        self.host = host
    }

    /// Every emission is encoded as the daemon encodes it, once per emission.
    func record(_ emissions: [Emission]) {
        for e in emissions {
            let body = e.body()
            var isTick = false
            if case .tick = e.payload { isTick = true }
            for c in e.audience {
                recorded.append(
                    Delivery(body: body, session: e.session, connection: c, isTick: isTick))
            }
        }
    }

    /// What was emitted so far (including what waits in the host's outbox).
    var deliveries: [Delivery] {
        get {
            record(host.takeEmissions())
            return recorded
        }
        set { recorded = newValue }
    }
}
