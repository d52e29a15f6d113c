import Foundation
import JSONRPC
import Testing
import TransitionEngine
import TransitionProtocol

@testable import TransitionService

/// The service's method names, error codes and defaults against `Protocol/schema` and
/// the README, the protocol's source of truth (read as `scripts/generate-protocol-tables.py`
/// reads them for the clients).
struct ProtocolSchemaTests {
    static let protocolFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Protocol")
    static let schemaFolder = protocolFolder.appendingPathComponent("schema")

    static func load(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: schemaFolder.appendingPathComponent(name))
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A method's schema file stem: its first `/` written as `.`.
    static func stem(_ method: String) -> String {
        guard let slash = method.firstIndex(of: "/") else { return method }
        return method.replacingCharacters(in: slash...slash, with: ".")
    }

    /// Every method with a params schema, and those of them with a result schema.
    static func schemaMethods() throws -> (all: Set<String>, requests: Set<String>) {
        let files = try FileManager.default.contentsOfDirectory(atPath: schemaFolder.path)
        let all = Set(
            files.filter { $0.hasSuffix(".params.json") }.map { file in
                let name = String(file.dropLast(".params.json".count))
                guard let dot = name.firstIndex(of: ".") else { return name }
                return name.replacingCharacters(in: dot...dot, with: "/")
            })
        return (all, all.filter { files.contains(stem($0) + ".result.json") })
    }

    static func jsonrpcDefinitions() throws -> [String: Any] {
        try #require(try load("jsonrpc.json")["$defs"] as? [String: Any])
    }

    @Test func theRegistryAnswersEveryRequestOfTheSchemaAndNoOther() throws {
        let registry = MethodTable.registry(
            host: SessionHost(), now: { 0 }, onInitialize: { _, _ in })
        let requests = try Self.schemaMethods().requests
        // The daemon adds these beside the table (TransitionDocuments).
        let daemonOnly = try #require(
            (try Self.jsonrpcDefinitions()["daemonOnlyRequest"] as? [String: Any])?["enum"]
                as? [String])
        #expect(Set(registry.requestMethods) == requests.subtracting(daemonOnly))
        #expect(Set(RequestMethod.allCases.map(\.rawValue)) == requests)
        #expect(registry.notificationMethods.isEmpty)
    }

    @Test func notificationsAreTheSchemas() throws {
        let (all, requests) = try Self.schemaMethods()
        let daemon = try #require(
            (try Self.jsonrpcDefinitions()["daemonNotification"] as? [String: Any])?["enum"]
                as? [String])
        #expect(DaemonNotificationMethod.allCases.map(\.rawValue) == daemon)
        #expect(
            Set(ClientNotificationMethod.allCases.map(\.rawValue))
                == all.subtracting(requests).subtracting(daemon))
        #expect(TransitionTick.method == .transitionTick)
        #expect(TransitionDidEnd.method == .transitionDidEnd)
    }

    @Test func didEndReasonsAreTheSchemas() throws {
        let schema = try Self.load("transition.didEnd.params.json")
        let reason = try #require(
            ((schema["properties"] as? [String: Any])?["reason"] as? [String: Any])?["enum"]
                as? [String])
        #expect(TransitionDidEnd.Reason.allCases.map(\.rawValue) == reason)
        // Every reason of the engine has its protocol name.
        for engineReason in TransitionEndReason.allCases {
            #expect(TransitionDidEnd.Reason(engineReason).rawValue == engineReason.rawValue)
        }
    }

    @Test func errorCodesAreTheSchemas() throws {
        let codes = try #require(
            (try Self.jsonrpcDefinitions()["errorCode"] as? [String: Any])?["oneOf"]
                as? [[String: Any]])
        let listed = codes.compactMap { $0["const"] as? Int }
        #expect(listed.count == codes.count)
        #expect(ErrorCode.daemonCodes.map { Int($0.rawValue) } == listed)
    }

    @Test func initializeAdvertisesTheSchemasCapabilities() throws {
        let schema = try Self.load("initialize.result.json")
        let properties = try #require(schema["properties"] as? [String: Any])
        let capabilities = try #require(properties["capabilities"] as? [String: Any])
        let required = try #require(capabilities["required"] as? [String])
        let advertised = Initialize.capabilities(ServiceLimits(), encodings: [.objects]).map {
            $0.key
        }
        #expect(advertised.sorted() == required.sorted())
    }

    /// Params that decode with every defaulted member left out, by method.
    static let minimalParams: [String: String] = [
        "clock/advance": #"{"session":"s1","by":1}"#,
        "session/create":
            #"{"viewport":{"width":100,"height":100},"sections":[{"items":1}],"layout":{"type":"list","rowHeight":10}}"#,
        "transition/export":
            #"{"session":"s1","to":{"type":"list","rowHeight":10},"format":"css"}"#,
        "transition/release": #"{"session":"s1"}"#,
        "transition/retarget": #"{"session":"s1","to":{"type":"list","rowHeight":10}}"#,
        "transition/sample": #"{"session":"s1","to":{"type":"list","rowHeight":10},"progress":0}"#,
        "transition/start": #"{"session":"s1","to":{"type":"list","rowHeight":10}}"#,
    ]

    /// The decoded request of `method`, as text (every member, nested ones included).
    static func decoded(_ method: String, _ params: JSONValue) throws -> String {
        let json = JSONCursor(params)
        switch method {
        case ClockAdvanceRequest.method:
            return String(describing: try ClockAdvanceRequest(json: json))
        case SessionCreateRequest.method:
            return String(describing: try SessionCreateRequest(json: json))
        case TransitionExportRequest.method:
            return String(describing: try TransitionExportRequest(json: json))
        case TransitionReleaseRequest.method:
            return String(describing: try TransitionReleaseRequest(json: json))
        case TransitionRetargetRequest.method:
            // Its `spec` only: with neither timing nor duration given, a retarget keeps the
            // old curve for the old transition's remaining time (Protocol/README.md,
            // transition/retarget), which the schema's shared defaults do not say.
            return String(describing: try TransitionRetargetRequest(json: json).spec)
        case TransitionSampleRequest.method:
            return String(describing: try TransitionSampleRequest(json: json))
        case TransitionStartRequest.method:
            return String(describing: try TransitionStartRequest(json: json))
        default: throw DecodingFailure(method: method)
        }
    }

    struct DecodingFailure: Error { var method: String }

    /// Members whose absence the engine resolves later (the request keeps nil), with the
    /// value it uses.
    static let resolvedLater: [String: JSONValue] = [
        "duration": .double(TransitionTiming.defaultDuration)
    ]

    /// A schema's `default` as the daemon's JSON.
    static func value(_ any: Any) throws -> JSONValue {
        let data = try JSONSerialization.data(withJSONObject: any, options: .fragmentsAllowed)
        return try JSONParser().parse(Array(data))
    }

    @Test func leavingAMemberOutIsGivingTheSchemasDefault() throws {
        let requests = try Self.schemaMethods().requests
        var checked = 0
        for method in requests.sorted() {
            let defaults = try ProtocolDefaults.of(Self.load(Self.stem(method) + ".params.json"))
            guard !defaults.isEmpty else { continue }
            let minimal = try #require(Self.minimalParams[method], "no params for \(method)")
            let params = try JSONParser().parse(Array(minimal.utf8))
            let leftOut = try Self.decoded(method, params)
            for (member, schemaDefault) in defaults {
                let given = try Self.value(schemaDefault)
                if let later = Self.resolvedLater[member] {
                    #expect(given == later, "\(method) \(member)")
                    continue
                }
                guard case .object(var object) = params else { continue }
                object[member] = given
                #expect(
                    try Self.decoded(method, .object(object)) == leftOut,
                    "\(method): \(member) left out is not \(String(decoding: given.serialized(), as: UTF8.self))"
                )
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test func limitsAreTheSchemasAndTheREADMEs() throws {
        let limits = ServiceLimits()
        let create = try Self.load("session.create.params.json")
        let fps = try #require(
            (create["properties"] as? [String: Any])?["fps"] as? [String: Any])
        #expect(fps["maximum"] as? Int == limits.maxFPS)
        #expect(fps["minimum"] as? Int == 1)
        // The README's table of daemon options: `--max-x <n>` | ... (default D, from A to B)
        let readme = try String(
            contentsOf: Self.protocolFolder.appendingPathComponent("README.md"), encoding: .utf8)
        let options: [String: (Int, ClosedRange<Int>?)] = [
            "max-message-bytes": (limits.maxMessageBytes, nil),
            "max-sessions": (
                limits.maxSessionsPerConnection, ServiceLimits.option("--max-sessions")?.range
            ),
            "max-items": (limits.maxItemsPerSession, ServiceLimits.option("--max-items")?.range),
        ]
        for (option, (value, range)) in options {
            let line = try #require(
                readme.split(separator: "\n").first { $0.hasPrefix("| `--\(option) <n>`") },
                "no README row for --\(option)")
            #expect(line.contains("(default \(value)"), "--\(option): \(line)")
            if let range {
                #expect(
                    line.contains("from \(range.lowerBound) to \(range.upperBound))"),
                    "--\(option): \(line)")
            }
        }
        #expect(
            readme.contains(
                "| `maxFPS` | integer | the largest `fps` of a session (\(limits.maxFPS)) |"))
    }
}
