import JSONRPC
import TestSupport
import Testing

/// A workspace reused across parses (and across failed parses) changes nothing.
struct JSONParserWorkspaceTests {
    @Test func reusedWorkspaceGivesTheSameResults() throws {
        var random = SeededRandom(seed: 0x5EED_0006)
        let workspace = JSONParserWorkspace()
        for iteration in 0..<2000 {
            var bytes = JSONRoundTripTests.randomValue(&random, depth: 0).serialized()
            if iteration % 3 == 0 && !bytes.isEmpty {
                bytes.removeLast(Int(random.next() % UInt64(bytes.count)))
            }
            let fresh = Result { () throws(JSONParseError) -> JSONValue in
                try JSONParser().parse(bytes)
            }
            let reused = Result { () throws(JSONParseError) -> JSONValue in
                try JSONParser().parse(bytes, workspace: workspace)
            }
            #expect(fresh == reused, "iteration \(iteration)")
        }
        let keys = try JSONParser().parse(
            Array(#"{"jsonrpc":"2.0","k":"cell"}"#.utf8), workspace: workspace)
        #expect(keys == ["jsonrpc": "2.0", "k": "cell"])
    }
}
