import JSONRPC
import TransitionEngine
import TransitionExport
import TransitionProtocol

/// `transition/export`: the transition `transition/start` would start with these params,
/// written as CSS, Web Animations, HTML, SVG or Lottie. Nothing is started or changed.
struct TransitionExportRequest: RequestType {
    typealias Response = ExportPayload
    static let method = RequestMethod.transitionExport.rawValue
    var session: String
    var spec: TransitionSpecParams
    var format: ExportFormat
    var settings: ExportSettings

    init(json: borrowing JSONCursor) throws(JSONDecodingError) {
        session = try json["session"].decode()
        spec = try TransitionSpecParams(json: json)
        format = try Decode.named(json["format"], ExportFormat.self)
        settings = ExportSettings(
            tolerance: try json["tolerance"].decode(default: ExportSettings.defaultTolerance),
            fps: try json["fps"].decode(default: ExportSettings.defaultFPS))
        let tolerance = settings.tolerance
        guard tolerance.isFinite, tolerance >= ExportSettings.minimumTolerance, tolerance <= 1000
        else {
            throw JSONDecodingError(
                field: json["tolerance"].path,
                expected: "a number from \(ExportSettings.minimumTolerance) to 1000",
                found: "\(tolerance)")
        }
        guard ExportSettings.fpsRange.contains(settings.fps) else {
            throw JSONDecodingError(
                field: json["fps"].path, expected: "a number from 1 to 240",
                found: "\(settings.fps)")
        }
    }
}
