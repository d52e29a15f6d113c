#if canImport(Glibc)
    import Glibc
#endif

/// The floor server (`floor-server.c` beside this file): compiled with the system's C
/// compiler at -O2, once per run, so that it links libc alone — a C target built by
/// the package manager would carry the Swift runtime.
enum FloorServer {
    nonisolated(unsafe) private static var built: Result<String, BenchError>? = nil

    static func build() -> Result<String, BenchError> {
        if let built { return built }
        let result = compile()
        built = result
        return result
    }

    private static func compile() -> Result<String, BenchError> {
        let source = String(#filePath.dropLast("FloorServer.swift".count)) + "floor-server.c"
        guard access(source, R_OK) == 0 else { return .failure(BenchError("\(source) is missing")) }
        guard let compiler = ["cc", "gcc", "clang"].lazy.compactMap(findOnPath).first else {
            return .failure(BenchError("no C compiler (cc, gcc or clang) on PATH"))
        }
        let output = directoryOfThisExecutable() + "/transitiond-floor"
        unlink(output)
        do {
            let child = try ChildProcess.spawn(
                compiler, ["-O2", "-D_GNU_SOURCE", "-o", output, source], pipes: false)
            guard child.wait(timeout: 60), child.exitStatus == 0 else {
                return .failure(BenchError("\(compiler) could not compile \(source)"))
            }
        } catch {
            return .failure(error)
        }
        guard access(output, X_OK) == 0 else {
            return .failure(BenchError("\(compiler) could not compile \(source)"))
        }
        return .success(output)
    }
}
