/// A content offset.
struct BenchPoint: Codable {
    var x: Double
    var y: Double
}
