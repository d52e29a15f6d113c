import ProcessSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// A server process started by the benchmark, with its standard input and output on
/// pipes (or not, for a daemon that listens on a socket). Its standard error goes to
/// /dev/null, or to the file named by $TRANSITIONBENCH_STDERR when set.
final class ChildProcess {
    let pid: pid_t
    let path: String
    /// Our end of its standard input, or -1.
    private(set) var stdinFD: Int32
    /// Our end of its standard output, or -1.
    private(set) var stdoutFD: Int32
    private(set) var exitStatus: Int32? = nil

    private init(pid: pid_t, path: String, stdinFD: Int32, stdoutFD: Int32) {
        self.pid = pid
        self.path = path
        self.stdinFD = stdinFD
        self.stdoutFD = stdoutFD
    }

    /// Starts `path` with `arguments`; with `pipes`, its stdin and stdout are ours.
    /// `environment` entries ("NAME=value") are added to ours.
    static func spawn(
        _ path: String, _ arguments: [String], pipes: Bool, environment: [String] = []
    ) throws(BenchError)
        -> ChildProcess
    {
        var toChild: (read: Int32, write: Int32) = (-1, -1)
        var fromChild: (read: Int32, write: Int32) = (-1, -1)
        if pipes {
            guard let input = Spawn.pipe(), let output = Spawn.pipe() else {
                throw BenchError("pipe: \(String(cString: strerror(errno)))")
            }
            (toChild, fromChild) = (input, output)
        }
        var spawn = Spawn(path: path, arguments: arguments)
        spawn.standardInput = pipes ? .descriptor(toChild.read) : .null
        spawn.standardOutput = pipes ? .descriptor(fromChild.write) : .null
        spawn.standardError = .appending(
            path: getenv("TRANSITIONBENCH_STDERR").map { String(cString: $0) } ?? "/dev/null")
        spawn.environment = environment
        // The servers measured keep the benchmark's ignored SIGPIPE, as they always did.
        spawn.keepsIgnoredSignals = true
        let started: Result<pid_t, Spawn.Failure>
        do throws(Spawn.Failure) {
            started = .success(try spawn.start())
        } catch {
            started = .failure(error)
        }
        if pipes {
            close(toChild.read)
            close(fromChild.write)
        }
        let pid: pid_t
        switch started {
        case .success(let child):
            pid = child
        case .failure(let failure):
            if pipes {
                close(toChild.write)
                close(fromChild.read)
            }
            throw BenchError("cannot start \(path): \(failure)")
        }
        return ChildProcess(
            pid: pid, path: path, stdinFD: pipes ? toChild.write : -1,
            stdoutFD: pipes ? fromChild.read : -1)
    }

    /// Whether it has exited (reaping it if so).
    var hasExited: Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid {
            exitStatus = status
            return true
        }
        return r < 0
    }

    /// Waits up to `timeout` seconds for it to exit.
    @discardableResult
    func wait(timeout: Double) -> Bool {
        let deadline = nowSeconds() + timeout
        while !hasExited {
            if nowSeconds() > deadline { return false }
            usleep(2000)
        }
        return true
    }

    /// Closes our pipe ends, asks it to stop (SIGTERM), then kills it if it lingers.
    func stop(grace: Double = 2) {
        closePipes()
        guard !hasExited else { return }
        kill(pid, SIGTERM)
        if !wait(timeout: grace) {
            kill(pid, SIGKILL)
            wait(timeout: 5)
        }
    }

    func closePipes() {
        if stdinFD >= 0 { close(stdinFD) }
        if stdoutFD >= 0 { close(stdoutFD) }
        stdinFD = -1
        stdoutFD = -1
    }

    /// User plus system CPU seconds so far, from /proc/PID/stat (10 ms grain).
    var cpuSeconds: Double {
        guard let text = readProcFile("/proc/\(pid)/stat"), let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime field 14, stime field 15.
        guard fields.count > 12, let utime = Double(fields[11]), let stime = Double(fields[12])
        else { return 0 }
        return (utime + stime) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Resident set size in bytes, from /proc/PID/statm.
    var residentBytes: Double {
        guard let text = readProcFile("/proc/\(pid)/statm") else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count >= 2, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Resident bytes that are the process's own memory (`RssAnon`): without the pages of
    /// its executable, which count in `residentBytes` as the code that runs first.
    var anonymousResidentBytes: Double {
        guard let text = readProcFile("/proc/\(pid)/status"),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("RssAnon:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }
}

/// User plus system CPU seconds of this process so far.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
}

/// The first 4 KiB of a /proc file as text.
func readProcFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = read(fd, &buffer, buffer.count)
    guard n > 0 else { return nil }
    return String(decoding: buffer[0..<n], as: UTF8.self)
}

/// Where `needle` first occurs in the `count` bytes at `base`, as an offset.
func findBytes(_ base: UnsafeRawPointer, _ count: Int, _ needle: [UInt8]) -> Int? {
    guard let first = needle.first, count >= needle.count else { return nil }
    var offset = 0
    while offset + needle.count <= count {
        guard let hit = memchr(base + offset, Int32(first), count - offset - needle.count + 1)
        else { return nil }
        let at = base.distance(to: UnsafeRawPointer(hit))
        if memcmp(base + at, needle, needle.count) == 0 { return at }
        offset = at + 1
    }
    return nil
}

/// Writes a line to standard error.
func printError(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// With $TRANSITIONBENCH_VERBOSE set, a timestamped line on standard error.
func progress(_ text: String) {
    guard getenv("TRANSITIONBENCH_VERBOSE") != nil else { return }
    printError("[\(format((nowSeconds() * 1000).rounded() / 1000))] \(text)")
}

/// Monotonic seconds.
func nowSeconds() -> Double {
    Double(nowNanoseconds()) / 1e9
}

/// Sleeps for `seconds`.
func sleepSeconds(_ seconds: Double) {
    guard seconds > 0 else { return }
    usleep(UInt32(seconds * 1e6))
}
