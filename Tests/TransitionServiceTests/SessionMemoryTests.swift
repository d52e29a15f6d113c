#if os(Linux) && canImport(Glibc)
    import Glibc
    import JSONRPC
    import Testing

    @testable import TransitionService

    /// glibc's `malloc_info` (malloc.h, which the Glibc module leaves out): the allocator's
    /// state as XML written to `stream`.
    @_silgen_name("malloc_info")
    private func mallocInfo(_ options: Int32, _ stream: UnsafeMutablePointer<FILE>) -> Int32

    @Suite struct SessionMemoryTests {
        /// The heap an idle session keeps: sessions of 10,000 uniform items in a 2-column
        /// grid (as the `memory.uniform.perSession` benchmark makes them), each request
        /// parsed as the daemon parses it.
        ///
        /// About 965 bytes a session: the Session object (a 640-byte block, its Scene
        /// inline), the item model's section (64), the section records (144) and item
        /// arrangements (112) of the grid, and the host's array of sessions. It was 1,515
        /// while the scene held its usually empty transition slot (256 bytes) and two cell
        /// styles (96 each) inline, the layout stored each section's arrangement twice and
        /// the host kept a dictionary by id. The bound leaves room for a few fields, not
        /// for the transition slot inline again (256 bytes) or both cell styles (192).
        /// The least of five rounds of 2,000 sessions: other tests allocate at the same
        /// time (the heap is the process's), and the allocator's per-thread caches count
        /// as in use (three rounds of 1,000 once read 1,114 with the suite beside them).
        @Test func anIdleSessionOfUniformItemsKeepsUnderElevenHundredBytes() throws {
            let params =
                #"{"viewport":{"width":375,"height":667},"sections":[{"items":10000}],"layout":{"type":"grid","columns":2,"spacing":10,"lineSpacing":5,"inset":{"top":10,"left":10,"bottom":10,"right":10}}}"#
            var limits = ServiceLimits()
            limits.maxSessionsPerConnection = .max
            let sessions = 2_000
            var least = Int.max
            for _ in 0..<5 {
                let host = SessionHost(limits: limits)
                func create() throws {
                    let request = try SessionCreateRequest(
                        json: JSONCursor(try JSONParser().parse(Array(params.utf8))))
                    _ = try host.create(request, connection: 1, now: 0)
                }
                try create()  // the host's first allocations apart
                let before = Self.heapInUse()
                for _ in 0..<sessions { try create() }
                least = min(least, Self.heapInUse() - before)
                withExtendedLifetime(host) {}
            }
            let perSession = least / sessions
            #expect(perSession <= 1_100, "\(perSession) bytes per session")
        }

        /// Bytes of the heap in use: what the allocator has from the system, less what it
        /// holds free (the totals after the last arena in `malloc_info`'s report).
        static func heapInUse() -> Int {
            var buffer: UnsafeMutablePointer<CChar>? = nil
            var length = 0
            guard let stream = open_memstream(&buffer, &length) else { return 0 }
            _ = mallocInfo(0, stream)
            fclose(stream)
            guard let buffer else { return 0 }
            let lines = String(cString: buffer).split(separator: "\n")
            free(buffer)
            // The whole process's totals follow the last arena's report.
            let first = lines.lastIndex { $0.contains("</heap>") }.map { $0 + 1 } ?? 0
            let totals = lines[first...]
            func size(_ element: String) -> Int {
                guard let line = totals.first(where: { $0.contains(element) }),
                    let start = line.firstRange(of: "size=\"")
                else { return 0 }
                return Int(line[start.upperBound...].prefix { $0.isNumber }) ?? 0
            }
            return size(#"<system type="current""#) - size(#"<total type="fast""#)
                - size(#"<total type="rest""#)
        }
    }
#endif
