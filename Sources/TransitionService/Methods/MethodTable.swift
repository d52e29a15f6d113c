import JSONRPC
import TransitionEngine

/// The methods, in one alphabetical list, made once for all connections: a handler learns
/// its caller from `context.connection` (the `ConnectionID` its dispatcher was made with)
/// and reads the loop's monotonic time in nanoseconds from `now` only when it needs it.
package enum MethodTable {
    /// - Parameter addedCapabilities: Members a host adds to `initialize`'s capabilities
    ///   for the methods it serves beside these (the daemon's language server), told to a
    ///   client whose `initialize` has `capabilities.textDocument`.
    package static func registry(
        host: SessionHost, now: @escaping () -> UInt64, addedCapabilities: JSONObject = [:],
        onInitialize: @escaping (ConnectionID, InitializeRequest) -> Void
    ) -> MethodRegistry {
        var r = MethodRegistry(capacity: 32)
        r.register(ClockAdvanceRequest.self) { q, _ throws(ResponseError) in
            try host.advance(q, now: now())
        }
        r.register(ClockSetRateRequest.self) { q, _ throws(ResponseError) in
            try host.setRate(q, now: now())
        }
        r.register(InitializeRequest.self) { q, context in
            host.identify(context.connection, processID: q.processId)
            onInitialize(context.connection, q)
            #if hasFeature(Embedded)
                return Initialize.result(
                    host.limits, encodings: host.encodings(for: context.connection))
            #else
                var result = Initialize.result(
                    host.limits, encodings: host.encodings(for: context.connection))
                // An editor's language client says what it does with text documents;
                // others are not told of the language server.
                if q.capabilities?["textDocument"] != nil {
                    for member in addedCapabilities.members {
                        result.capabilities[member.key] = member.value
                    }
                }
                return result
            #endif
        }
        r.register(LayoutAttributesRequest.self) { q, _ throws(ResponseError) in
            try host.attributes(q)
        }
        r.register(SessionCreateRequest.self) { q, context throws(ResponseError) in
            try host.create(q, connection: context.connection, now: now())
        }
        r.register(SessionDisposeRequest.self) { q, _ throws(ResponseError) in
            try host.dispose(q.session, now: now())
            return NullResult()
        }
        r.register(SessionListRequest.self) { _, context in
            host.list(connection: context.connection)
        }
        r.register(SessionScrollRequest.self) { q, _ throws(ResponseError) in try host.scroll(q) }
        r.register(SessionSubscribeRequest.self) { q, context throws(ResponseError) in
            try host.subscribe(q.target, connection: context.connection)
        }
        r.register(SessionUnsubscribeRequest.self) { q, context throws(ResponseError) in
            try host.unsubscribe(q.session, connection: context.connection)
            return NullResult()
        }
        r.register(SessionUpdateRequest.self) { q, _ throws(ResponseError) in try host.update(q) }
        r.register(ShutdownRequest.self) { _, context in
            // The client is done: its sessions end now, while it can still hear their didEnd.
            host.connectionClosed(context.connection, now: now())
            return NullResult()
        }
        r.register(TransitionCancelRequest.self) { q, _ throws(ResponseError) in
            try host.finish(q.leg, cancel: true, now: now())
        }
        r.register(TransitionCancelInPlaceRequest.self) { q, _ throws(ResponseError) in
            try host.cancelInPlace(q.session, now: now())
        }
        r.register(TransitionExportRequest.self) { q, _ throws(ResponseError) in
            try host.export(q, now: now())
        }
        r.register(TransitionFinishRequest.self) { q, _ throws(ResponseError) in
            try host.finish(q.leg, cancel: false, now: now())
        }
        r.register(TransitionReleaseRequest.self) { q, _ throws(ResponseError) in
            try host.release(q, now: now())
        }
        r.register(TransitionRetargetRequest.self) { q, _ throws(ResponseError) in
            try host.retarget(q, now: now())
        }
        r.register(TransitionSampleRequest.self) { q, _ throws(ResponseError) in
            try host.sample(q, now: now())
        }
        r.register(TransitionScrubRequest.self) { q, _ throws(ResponseError) in
            try host.scrub(q, now: now())
        }
        r.register(TransitionStartRequest.self) { q, _ throws(ResponseError) in
            try host.start(q, now: now())
        }
        r.register(TransitionStatusRequest.self) { q, _ throws(ResponseError) in
            try host.status(q.session, now: now())
        }
        return r
    }
}
