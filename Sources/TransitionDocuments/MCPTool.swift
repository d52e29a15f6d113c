import JSONRPC

/// The MCP server's tools, each taking a transition document (an object, or the path of
/// a file) and what the tool needs beside it.
enum MCPTool: String, CaseIterable {
    case validate
    case sample
    case export
    case render
    case describe

    /// The `document` argument, common to every tool.
    static let documentSchema: JSONValue = [
        "description":
            "A transition document: the object {\"session\": <session/create params>, \"transition\": <transition/start params without \"session\">} (resource transitiond://schema/transition-document.json), or the path of a NAME.transition.json file.",
        "type": ["object", "string"],
    ]

    var description: String {
        switch self {
        case .validate:
            return
                "Check a transition document with the daemon's own methods: its diagnostics (line, character, severity, the JSON-RPC code, the field such as transition.to.columns and why), and when it is valid its duration, content sizes and offsets."
        case .sample:
            return
                "The transition's layout attributes at a progress from 0 (start) to 1 (end; a spring overshoots between) or a time in seconds from 0 to its duration, as transition/sample returns them: every visible element's frame, alpha, zIndex, transform and custom values (all: true for every element). Outside those ranges only with extrapolate: true."
        case .export:
            return
                "The transition written as css, waapi (a JSON list for element.animate), html (a page with a replay button), svg (SMIL) or lottie (bodymovin JSON), as transition/export writes it."
        case .render:
            return
                "An SVG filmstrip of the transition, as transitionctl render draws it: the viewport and its elements as labelled rectangles at each progress, side by side."
        case .describe:
            return
                "What the transition is: its duration (a spring's settling time), the content sizes and offsets at both ends, the two layouts' types and the number of elements of each kind at the start and the end."
        }
    }

    /// The JSON Schema of the arguments.
    var inputSchema: JSONValue {
        var properties: JSONObject = ["document": Self.documentSchema]
        var required: [JSONValue] = ["document"]
        switch self {
        case .validate, .describe:
            break
        case .sample:
            properties["progress"] = [
                "type": "number", "minimum": 0, "maximum": 1,
                "description":
                    "0 at the start, 1 at the end (give progress or time; progress wins). Outside 0 to 1 only with extrapolate: true.",
            ]
            properties["time"] = [
                "type": "number", "minimum": 0,
                "description":
                    "Seconds from the transition's start, at most its duration (give progress or time). Beyond only with extrapolate: true.",
            ]
            properties["extrapolate"] = [
                "type": "boolean", "default": false,
                "description":
                    "Allow a progress outside 0 to 1 or a time outside 0 to the duration: the curves carried on past their ends.",
            ]
            properties["all"] = [
                "type": "boolean", "default": false,
                "description": "Every element, not only those in the viewport.",
            ]
        case .export:
            properties["format"] = [
                "enum": ["css", "waapi", "html", "svg", "lottie"],
                "description": "The format to write.",
            ]
            properties["tolerance"] = [
                "type": "number", "exclusiveMinimum": 0, "default": 0.25,
                "description": "The most any element may stray from the engine, in points.",
            ]
            properties["fps"] = [
                "type": "number", "minimum": 1, "maximum": 240, "default": 60,
                "description": "Frames per second of a Lottie export.",
            ]
            required.append("format")
        case .render:
            properties["progresses"] = [
                "type": "array", "items": ["type": "number"], "minItems": 1, "maxItems": 200,
                "description": "The progresses to draw (default 0, 0.2, 0.4, 0.6, 0.8, 1).",
            ]
            properties["scale"] = [
                "type": "number", "exclusiveMinimum": 0, "maximum": 100,
                "description": "Pixels per point (default: the viewport 320 pixels high).",
            ]
        }
        return [
            "type": "object", "properties": .object(properties), "required": .array(required),
            "additionalProperties": false,
        ]
    }

    /// The entry of `tools/list`.
    var listing: JSONValue {
        [
            "name": .string(rawValue), "description": .string(description),
            "inputSchema": inputSchema,
        ]
    }
}
