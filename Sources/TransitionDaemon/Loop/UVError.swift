import CLibUV

/// libuv error codes as text.
enum UVError {
    static func describe(_ code: Int32) -> String {
        guard let name = uv_err_name(code), let text = uv_strerror(code) else {
            return "error \(code)"
        }
        return "\(String(cString: name)): \(String(cString: text))"
    }
}
