/// One attribute record of a tick.
struct BenchAttribute: Codable {
    var k: String
    var s: Int
    var i: Int
    var f: [Double]
    var a: Double
    var z: Int
}
