import JSONRPC
import TransitionProtocol
import TransitionService

/// `document/check`: a transition document checked by the daemon, given as its `text`
/// (diagnostics placed in it) or as a `document` value (every range at the start).
struct DocumentCheckRequest: RequestType {
    typealias Response = DocumentCheckResult
    static let method = RequestMethod.documentCheck.rawValue

    enum Source {
        case text(String)
        case value(JSONValue)
    }

    var source: Source

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        let text: String? = try json["text"].decodeIfPresent()
        if let text {
            if json["document"].isPresent {
                throw json["document"].invalid("nothing beside text (give text or document)")
            }
            source = .text(text)
        } else if let document = json["document"].value {
            source = .value(document)
        } else {
            throw json["text"].invalid("string (give text or document)")
        }
    }
}

/// The result of `document/check`.
struct DocumentCheckResult: JSONEncodable {
    var check: DocumentCheck

    func encode(to writer: inout JSONByteWriter) {
        writer.write(JSONValue.object(json))
    }

    /// `{valid, diagnostics, olderForm?, document?, summary?}`.
    var json: JSONObject {
        var object: JSONObject = [
            "valid": .bool(check.isValid),
            "diagnostics": .array(check.diagnostics.map(\.json)),
        ]
        if check.convertedFromOlderForm { object["olderForm"] = true }
        if let session = check.sessionParams, let transition = check.transitionParams {
            // What the requests will be: without the members warned about.
            object["document"] = ["session": .object(session), "transition": .object(transition)]
        } else if let document = check.document {
            object["document"] = .object(document)
        }
        if check.isValid, let started = check.started, let created = check.created {
            object["summary"] = DocumentSummary(created: created, started: started).json
        }
        return object
    }
}

/// The daemon's document methods, registered beside the service's own.
public enum DocumentMethods {
    /// Adds `document/check` to `registry`; documents are checked within `limits`.
    public static func register(into registry: inout MethodRegistry, limits: ServiceLimits) {
        registry.register(DocumentCheckRequest.self) { request, _ in
            switch request.source {
            case .text(let text):
                return DocumentCheckResult(
                    check: DocumentChecker.check(Array(text.utf8), limits: limits))
            case .value(let value):
                return DocumentCheckResult(check: DocumentChecker.check(value, limits: limits))
            }
        }
    }
}
