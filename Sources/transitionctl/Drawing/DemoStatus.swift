/// What the demo shows next to the viewport.
struct DemoStatus {
    var title = ""
    var transition = ""
    var time = 0.0
    var fraction = 0.0
    var progress = 0.0
    var offsetY = 0.0
    var visible = 0
    /// A line about the state (running, paused, the last end ...).
    var state = ""
    var keys: [String] = []
}
