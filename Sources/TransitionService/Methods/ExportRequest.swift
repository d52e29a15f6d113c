import JSONRPC
import TransitionEngine
import TransitionExport

/// `transition/export`: the transition `transition/start` would start with these params,
/// written as CSS, Web Animations, HTML, SVG or Lottie. Nothing is started or changed.
struct TransitionExportRequest: RequestType {
    typealias Response = ExportPayload
    static let method = "transition/export"
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

/// `{format, mimeType, content, duration, elementCount}`; `content` is a JSON value for
/// `waapi` and a string otherwise.
struct ExportPayload: JSONEncodable {
    var result: ExportResult

    func encode(to w: inout JSONByteWriter) {
        w.beginObject()
        w.writeKey("format")
        w.write(result.format.rawValue)
        w.writeKey("mimeType")
        w.write(result.mimeType)
        w.writeKey("content")
        if result.format.contentIsJSONValue {
            w.writeRaw(Array(result.content.utf8))
        } else {
            w.write(result.content)
        }
        w.writeKey("duration")
        w.write(result.duration)
        w.writeKey("elementCount")
        w.write(result.elementCount)
        w.endObject()
    }
}

extension SessionHost {
    /// The most elements one export may hold (both sides together).
    var maxExportElements: Int { limits.maxAttributesPerResponse }

    func export(_ r: TransitionExportRequest, now: UInt64) throws(ResponseError) -> ExportPayload {
        let s = try session(r.session)
        let source = s.scene.active.map { $0.geometry.from.layout.model } ?? s.scene.model
        let destination = r.spec.model ?? source
        let elements = [source, destination].reduce(0) { $0 + $1.totalCount + 2 * $1.sections.count }
            + r.spec.to.supplementaryCount(model: destination)
            + (s.scene.placed.spec?.supplementaryCount(model: source) ?? 0)
        guard elements <= maxExportElements else {
            throw ResponseError(
                code: .limitExceeded,
                message: "Limit reached: an export holds at most \(maxExportElements) elements",
                data: ["limit": .integer(Int64(maxExportElements)), "field": "sections"])
        }
        let viewport = destinationViewport(for: s, r.spec)
        let plan: MotionPlan
        do {
            plan = try MotionPlan(
                scene: s.scene, to: r.spec.to, model: r.spec.model, viewport: viewport,
                options: r.spec.options,
                timing: r.spec.timing, at: s.time(at: now), settings: r.settings)
        } catch {
            throw .scene(error, session: s.id)
        }
        return ExportPayload(result: Exporter.export(plan, as: r.format))
    }
}
