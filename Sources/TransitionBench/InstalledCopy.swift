#if canImport(Glibc)
    import Glibc
#endif

/// A copy of an executable written with write(2), as a package manager installs one.
///
/// Start-up is measured on such copies (transitiond's and the floor's; clangd and
/// sourcekit-lsp are installed already): a file the linker wrote through a memory map
/// sits in the page cache in single pages, and the first run of a large executable then
/// takes a page fault for every few pages it touches (0.15-0.25 ms more for
/// transitiond, measured on this machine) where an installed one maps many at once.
func installedCopy(of path: String, in directory: String) throws(BenchError) -> String {
    let name = String(
        path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...])
    let target = directory + "/" + name
    let input = open(path, O_RDONLY)
    guard input >= 0 else {
        throw BenchError("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(input) }
    let output = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
    guard output >= 0 else {
        throw BenchError("cannot write \(target): \(String(cString: strerror(errno)))")
    }
    defer { close(output) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
        if n == 0 { break }
        guard n > 0 else {
            throw BenchError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        var written = 0
        while written < n {
            let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, n - written) }
            guard w > 0 else {
                throw BenchError("cannot write \(target): \(String(cString: strerror(errno)))")
            }
            written += w
        }
    }
    return target
}
