import ProcessSpawn
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SpawnTests {
    /// Runs `script` with `sh -c`, its output into a pipe; returns (output, exit status).
    func run(_ script: String, configure: (inout Spawn) -> Void = { _ in }) throws -> (
        String, Int32
    ) {
        let output = try #require(Spawn.pipe())
        var spawn = Spawn(path: "/bin/sh", arguments: ["-c", script])
        spawn.standardOutput = .descriptor(output.write)
        configure(&spawn)
        let pid = try spawn.start()
        close(output.write)
        var text: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(output.read, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            text += buffer[0..<n]
        }
        close(output.read)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        return (String(decoding: text, as: UTF8.self), (status >> 8) & 0xFF)
    }

    @Test func theChildGetsItsArgumentsEnvironmentAndStreams() throws {
        let (text, status) = try run(#"echo "$SPAWN_TEST"; read line; echo "in:$line"; exit 3"#) {
            $0.environment = ["SPAWN_TEST=given"]
            $0.standardInput = .null
        }
        #expect(text == "given\nin:\n")
        #expect(status == 3)
    }

    @Test func anEntryReplacesOursOfTheSameName() throws {
        setenv("SPAWN_TEST_REPLACED", "ours", 1)
        let (text, _) = try run(
            #"env | grep -c '^SPAWN_TEST_REPLACED='; echo "$SPAWN_TEST_REPLACED""#
        ) {
            $0.environment = ["SPAWN_TEST_REPLACED=theirs"]
        }
        #expect(text == "1\ntheirs\n")
    }

    @Test func aSessionOfItsOwn() throws {
        let (text, _) = try run("ps -o sid= -p $$; ps -o pid= -p $$") { $0.grouping = .ownSession }
        let ids = text.split(separator: "\n").map { $0.filter { $0 != " " } }
        #expect(ids.count == 2 && ids[0] == ids[1])
    }

    @Test func aMissingProgramIsReported() {
        #expect(throws: Spawn.Failure.self) {
            _ = try Spawn(path: "/nonexistent/program", arguments: []).start()
        }
    }
}
