import JSONRPC
import Testing

@testable import TransitionService

extension FakeTransport {
    /// The tick notifications written since the last take, as (session, seq).
    func takeTicks() -> [(session: String, seq: Int64)] {
        takeMessages().compactMap { m in
            guard m["method"]?.stringValue == "transition/tick", let p = m["params"] else {
                return nil
            }
            return (p["session"]!.stringValue!, p["seq"]!.int64Value!)
        }
    }
}
