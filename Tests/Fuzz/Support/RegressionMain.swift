// The regression runner's entry point (built without libFuzzer): feeds each file named
// on the command line to the target's `fuzzTestOneInput`. A failing input traps, so the
// script runs one process per file.

#if canImport(Glibc)
    import Glibc
#endif

@main
struct RegressionMain {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let bytes = readFile(path) else {
                fputs("cannot read \(path)\n", stderr)
                exit(2)
            }
            _ = bytes.withUnsafeBufferPointer { fuzzTestOneInput($0.baseAddress, $0.count) }
        }
    }

    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count { break }
        }
        return bytes
    }
}
