import JSONRPC
import ProjectVersion
import TransitionEngine

/// `initialize` (JSONRPC's `InitializeRequest`): its result, the daemon's capabilities.
enum Initialize {
    /// The result of `initialize`: `{capabilities, serverInfo}`.
    static func result(_ limits: ServiceLimits, encodings: [AttributeEncoding])
        -> InitializeResult
    {
        InitializeResult(
            capabilities: capabilities(limits, encodings: encodings), serverName: ServerInfo.name,
            serverVersion: ServerInfo.version)
    }

    /// What `initialize` advertises; `encodings` are those the connection may choose.
    static func capabilities(_ limits: ServiceLimits, encodings: [AttributeEncoding])
        -> JSONObject
    {
        [
            "layoutTypes": .array(LayoutSpec.typeNames.map { .string($0) }),
            "easings": .array(Easing.allCases.map { .string($0.rawValue) }),
            "timingForms": .array(Decode.timingForms.map { .string($0) }),
            "placements": .array(Placement.allCases.map { .string($0.rawValue) }),
            "contentOffsetStrategies": ["automatic", "displaySwitch"],
            "encodings": .array(encodings.map { .string($0.rawValue) }),
            "colorSpaces": .array(ColorSpace.allCases.map { .string($0.rawValue) }),
            "appearEffects": .array(AppearEffect.allCases.map { .string($0.rawValue) }),
            "clocks": .array(ClockKind.allCases.map { .string($0.rawValue) }),
            "maxFPS": .integer(Int64(limits.maxFPS)),
            "maxItemsPerSession": .integer(Int64(limits.maxItemsPerSession)),
            "maxSessionsPerConnection": .integer(Int64(limits.maxSessionsPerConnection)),
            "limits": .object(clientLimits(limits)),
        ]
    }

    /// The sizes a client's messages (and the replies it reads) may reach, so it can check
    /// one before sending: passing one is an error, or closes the connection.
    static func clientLimits(_ limits: ServiceLimits) -> JSONObject {
        [
            "maxMessageBytes": .integer(Int64(limits.maxMessageBytes)),
            "maxHeaderBytes": .integer(Int64(limits.maxHeaderBytes)),
            "maxDepth": .integer(Int64(limits.maxDepth)),
            "maxBatch": .integer(Int64(limits.maxBatch)),
            "maxBacklogBytes": .integer(Int64(limits.maxBacklogBytes)),
            "maxAttributesPerResponse": .integer(Int64(limits.maxAttributesPerResponse)),
            "maxAttributesPerTick": .integer(Int64(limits.maxAttributesPerTick)),
        ]
    }
}
