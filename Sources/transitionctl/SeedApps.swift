import JSONRPC

/// The list -> grid switch of the seed apps (the classmethod article): 100 items in a
/// 375 x 667 viewport; list rows 60 points high; a grid of 2 columns, spacing 10, line
/// spacing 5, inset 10; 0.5 s quarticEaseInOut.
enum SeedApps {
    static let viewport: JSONValue = ["width": 375, "height": 667]
    static let list: JSONValue = ["type": "list", "rowHeight": 60]
    static let grid: JSONValue = [
        "type": "grid", "columns": 2, "spacing": 10, "lineSpacing": 5,
        "inset": ["top": 10, "left": 10, "bottom": 10, "right": 10],
    ]
    static let duration = 0.5
    /// What `transitionctl demo` plays by default: long enough to watch the switch.
    static let demoDuration = 0.8
    static let timing = "quarticEaseInOut"

    /// `session/create` params: the list, at offset 0.
    static func session(items: Int, clock: String, fps: Int) -> JSONValue {
        [
            "viewport": viewport, "sections": [["items": .integer(Int64(items))]], "layout": list,
            "clock": .string(clock), "fps": .integer(Int64(fps)),
        ]
    }

    /// `transition/start` params (without `session`) to `layout`.
    static func transition(
        to layout: JSONValue, duration: Double, timing: String, interactive: Bool = false
    ) -> JSONObject {
        var o: JSONObject = [
            "to": layout, "duration": .double(duration), "timing": .string(timing),
        ]
        if interactive { o["interactive"] = true }
        return o
    }
}
