/// The params of a `transition/tick` notification.
struct BenchTickParams: Codable {
    var session: String
    var seq: Int
    var time: Double
    var fraction: Double
    var progress: Double
    var contentOffset: BenchPoint
    var attributes: [BenchAttribute]
}
