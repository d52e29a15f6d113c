/// A libuv call that failed, with its status.
struct UVFailure: Error, CustomStringConvertible {
    var call: String
    var status: Int32
    var description: String { "\(call) failed: \(UVError.describe(status))" }
}
