/// Something went wrong with a server under test: it did not start, answer or keep up.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
