import JSONRPC
import ProjectVersion
import TransitionEngine

/// The daemon's name and version, as `initialize` reports them.
public enum ServerInfo {
    public static let name = "transitiond"
    public static let version = ProjectVersion.number
}

/// The methods of one connection, in one alphabetical list. Handlers reach the session
/// host; `now` is the loop's monotonic time in nanoseconds.
enum MethodTable {
    static func registry(
        host: SessionHost, connection: ConnectionID, now: @escaping () -> UInt64,
        onInitialize: @escaping (InitializeRequest) -> Void
    ) -> MethodRegistry {
        var r = MethodRegistry(capacity: 32)
        r.register(ClockAdvanceRequest.self) { q, _ throws(ResponseError) in try host.advance(q, now: now()) }
        r.register(InitializeRequest.self) { q, _ in
            host.identify(connection, processID: q.processId)
            onInitialize(q)
            return InitializeResult(capabilities: capabilities(host.limits), serverName: ServerInfo.name, serverVersion: ServerInfo.version)
        }
        r.register(LayoutAttributesRequest.self) { q, _ throws(ResponseError) in try host.attributes(q) }
        r.register(SessionCreateRequest.self) { q, _ throws(ResponseError) in try host.create(q, connection: connection, now: now()) }
        r.register(SessionDisposeRequest.self) { q, _ throws(ResponseError) in
            try host.dispose(q.params.session, now: now())
            return NullResult()
        }
        r.register(SessionListRequest.self) { _, _ in host.list(connection: connection) }
        r.register(SessionScrollRequest.self) { q, _ throws(ResponseError) in try host.scroll(q) }
        r.register(SessionSubscribeRequest.self) { q, _ throws(ResponseError) in try host.subscribe(q.target, connection: connection) }
        r.register(SessionUnsubscribeRequest.self) { q, _ throws(ResponseError) in
            try host.unsubscribe(q.params.session, connection: connection)
            return NullResult()
        }
        r.register(SessionUpdateRequest.self) { q, _ throws(ResponseError) in try host.update(q) }
        r.register(ShutdownRequest.self) { _, _ in
            // The client is done: its sessions end now, while it can still hear their didEnd.
            host.connectionClosed(connection, now: now())
            return NullResult()
        }
        r.register(TransitionCancelRequest.self) { q, _ throws(ResponseError) in try host.finish(q.leg, cancel: true, now: now()) }
        r.register(TransitionCancelInPlaceRequest.self) { q, _ throws(ResponseError) in
            try host.cancelInPlace(q.params.session, now: now())
        }
        r.register(TransitionExportRequest.self) { q, _ throws(ResponseError) in try host.export(q, now: now()) }
        r.register(TransitionFinishRequest.self) { q, _ throws(ResponseError) in try host.finish(q.leg, cancel: false, now: now()) }
        r.register(TransitionReleaseRequest.self) { q, _ throws(ResponseError) in try host.release(q, now: now()) }
        r.register(TransitionRetargetRequest.self) { q, _ throws(ResponseError) in try host.retarget(q, now: now()) }
        r.register(TransitionSampleRequest.self) { q, _ throws(ResponseError) in try host.sample(q, now: now()) }
        r.register(TransitionScrubRequest.self) { q, _ throws(ResponseError) in try host.scrub(q, now: now()) }
        r.register(TransitionStartRequest.self) { q, _ throws(ResponseError) in try host.start(q, now: now()) }
        r.register(TransitionStatusRequest.self) { q, _ throws(ResponseError) in try host.status(q.params.session, now: now()) }
        return r
    }

    /// What `initialize` advertises.
    static func capabilities(_ limits: ServiceLimits) -> JSONObject {
        [
            "layoutTypes": .array(LayoutSpec.typeNames.map { .string($0) }),
            "easings": .array(Easing.allCases.map { .string($0.rawValue) }),
            "timingForms": .array(Decode.timingForms.map { .string($0) }),
            "placements": .array(Placement.allCases.map { .string($0.rawValue) }),
            "contentOffsetStrategies": ["automatic", "displaySwitch"],
            "encodings": .array(AttributeEncoding.allCases.map { .string($0.rawValue) }),
            "colorSpaces": .array(ColorSpace.allCases.map { .string($0.rawValue) }),
            "appearEffects": .array(AppearEffect.allCases.map { .string($0.rawValue) }),
            "clocks": .array(ClockKind.allCases.map { .string($0.rawValue) }),
            "maxFPS": .integer(Int64(limits.maxFPS)),
            "maxItemsPerSession": .integer(Int64(limits.maxItemsPerSession)),
            "maxSessionsPerConnection": .integer(Int64(limits.maxSessionsPerConnection)),
        ]
    }
}
