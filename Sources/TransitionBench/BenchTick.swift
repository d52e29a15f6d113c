/// A whole `transition/tick` notification.
struct BenchTick: Codable {
    var jsonrpc = "2.0"
    var method = "transition/tick"
    var params: BenchTickParams

    /// The same notification as Foundation property-list objects.
    func foundationObject() -> [String: Any] {
        [
            "jsonrpc": jsonrpc, "method": method,
            "params": [
                "session": params.session, "seq": params.seq, "time": params.time,
                "fraction": params.fraction, "progress": params.progress,
                "contentOffset": ["x": params.contentOffset.x, "y": params.contentOffset.y],
                "attributes": params.attributes.map { attribute -> [String: Any] in
                    [
                        "k": attribute.k, "s": attribute.s, "i": attribute.i, "f": attribute.f,
                        "a": attribute.a, "z": attribute.z,
                    ]
                },
            ] as [String: Any],
        ]
    }
}
