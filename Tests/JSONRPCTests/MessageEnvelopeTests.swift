import Foundation
import JSONRPC
import TestSupport
import Testing

/// A body parsed straight into its envelope must be classified exactly as the same
/// body parsed into a tree and checked by `Message(json:)`: same message, same
/// `InvalidMessage`, same parse error at the same offset.
struct MessageEnvelopeTests {
    /// The classification through the tree: what `IncomingPayload(body:)` did before
    /// bodies were parsed into envelopes.
    static func throughTheTree(_ body: [UInt8], maximumDepth: Int = 128) -> IncomingPayload {
        do throws(JSONParseError) {
            return IncomingPayload(json: try JSONParser(maximumDepth: maximumDepth).parse(body))
        } catch {
            return .parseError(error)
        }
    }

    static func straight(
        _ body: [UInt8], maximumDepth: Int = 128, workspace: JSONParserWorkspace? = nil
    )
        -> IncomingPayload
    {
        IncomingPayload(
            body: body, parser: JSONParser(maximumDepth: maximumDepth), workspace: workspace)
    }

    static func expectSame(
        _ body: [UInt8], maximumDepth: Int = 128, workspace: JSONParserWorkspace? = nil
    ) {
        let expected = throughTheTree(body, maximumDepth: maximumDepth)
        let got = straight(body, maximumDepth: maximumDepth, workspace: workspace)
        #expect(got == expected, "\(String(decoding: body, as: UTF8.self))")
    }

    static func expectSame(_ text: String, maximumDepth: Int = 128) {
        expectSame(Array(text.utf8), maximumDepth: maximumDepth)
    }

    @Test func eachMemberIsRecognisedByItsPlainName() throws {
        for member in MessageEnvelope.Member.allCases {
            let body = Array(#"{"\#(member)":7}"#.utf8)
            guard case .object(let envelope) = try JSONParser().parseBody(body) else {
                Issue.record("\(member): not an envelope")
                continue
            }
            var expected = MessageEnvelope()
            switch member {
            case .jsonrpc: expected.jsonrpc = 7
            case .id: expected.id = 7
            case .method: expected.method = 7
            case .params: expected.params = 7
            case .result: expected.result = 7
            case .error: expected.error = 7
            }
            #expect(envelope == expected, "\(member)")
        }
    }

    @Test func keysThatOnlyResembleMembersAreIgnored() throws {
        let body = Array(
            #"{"i":1,"ids":2,"Id":3,"methods":4,"methodology":5,"":6,"jsonrpc2":7,"paramsparams":8}"#
                .utf8)
        #expect(try JSONParser().parseBody(body) == .object(MessageEnvelope()))
    }

    @Test func escapedAndRepeatedKeysCountAsInAnObject() throws {
        let body = Array(
            #"{"j\u0073onrpc":"2.0","id":1,"\u0069d":2,"method":"a","method":"b","params":{"x":[1]}}"#
                .utf8)
        guard case .object(let envelope) = try JSONParser().parseBody(body) else {
            Issue.record("not an envelope")
            return
        }
        #expect(envelope.jsonrpc == "2.0")
        #expect(envelope.id == 2)
        #expect(envelope.method == "b")
        #expect(envelope.params == ["x": [1]])
        Self.expectSame(body)
    }

    @Test func messagesAndInvalidMessagesMatchTheTree() {
        let bodies = [
            #"{"jsonrpc":"2.0","id":1,"method":"session/list","params":{}}"#,
            #" { "jsonrpc" : "2.0" , "id" : "a\"b" , "method" : "m\u00e9" , "params" : [1,2] } "#,
            #"{"jsonrpc":"2.0","method":"note","params":null}"#,
            #"{"jsonrpc":"2.0","id":null,"method":"m"}"#,
            #"{"jsonrpc":"2.0","id":1,"result":{"a":1}}"#,
            #"{"jsonrpc":"2.0","id":1,"error":{"code":-1,"message":"m"}}"#,
            #"{"jsonrpc":"2.0","id":1,"error":{"code":"x"}}"#,
            #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":""}}"#,
            #"{"jsonrpc":"2.0","result":1}"#,
            #"{"jsonrpc":"1.0","id":1,"method":"m"}"#,
            #"{"id":1,"method":"m"}"#,
            #"{"jsonrpc":"2.0","id":1.5,"method":"m"}"#,
            #"{"jsonrpc":"2.0","id":[1],"method":"m"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":7}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"m","params":3}"#,
            #"{"jsonrpc":"2.0","id":1}"#,
            #"{}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"m","extra":{"deep":[[[{}]]]}}"#,
            #"{"\u212A":1,"jsonrpc":"2.0","id":1,"method":"m"}"#,
            #"[{"jsonrpc":"2.0","id":1,"method":"m"},{"jsonrpc":"2.0","method":"n"}]"#,
            #"[]"#, #"3"#, #""text""#, #"null"#,
        ]
        for body in bodies { Self.expectSame(body) }
    }

    /// Method names of every length around the cached ones (16 to 32 bytes), alternating
    /// so that they take and replace each other's slots, some that differ in one byte
    /// only, escaped or not ASCII, and cut off at the end of the input.
    @Test func methodNamesThroughOneWorkspaceMatchTheTree() {
        let workspace = JSONParserWorkspace()
        var names: [String] = []
        for length in 0...40 {
            let name = String((0..<length).map { Character(UnicodeScalar(0x61 + $0 % 26)!) })
            names.append(name)
            names.append(String(name.dropLast()) + "Z")
        }
        names += [
            "transition/start", "transition/scrub", "bench/unknownMethod", "bench/unknownMethoe",
            #"bench/unknownMethod"#, "bench/unknownMéthod", "bench/unknown\\Method",
        ]
        for round in 0..<3 {
            for (index, name) in names.enumerated() where (index + round) % 3 != 0 {
                Self.expectSame(
                    Array(#"{"jsonrpc":"2.0","id":1,"method":"\#(name)","params":{}}"#.utf8),
                    workspace: workspace)
                Self.expectSame(
                    Array(#"{"jsonrpc":"2.0","method": "\#(name)"}"#.utf8), workspace: workspace)
                Self.expectSame(Array(#"{"method":"\#(name)"#.utf8), workspace: workspace)
            }
        }
    }

    @Test func malformedBodiesFailAtTheSameOffset() {
        let bodies = [
            #"{"#, #"{""#, #"{"id"#, #"{"id""#, #"{"id":"#, #"{"id":1"#, #"{"id":1,"#,
            #"{"id":1,}"#,
            #"{"id" 1}"#, #"{"id":1 "method":"m"}"#, #"{id:1}"#, #"{"id":1}x"#, #"{"id":1}}"#,
            "{\"i\u{01}d\":1}", #"{"i\d":1}"#, #"{"\ud800":1}"#, #"{"id":01}"#, #"{,}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":}}"#, "{\"id\":1}\u{00}",
        ]
        for body in bodies { Self.expectSame(body) }
        Self.expectSame([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D])  // a key of invalid UTF-8
        Self.expectSame([0x7B, 0x22, 0x69, 0x64, 0xFF])  // invalid UTF-8 in a key at the end
    }

    @Test func theNestingLimitCountsTheMessageObject() {
        let body = #"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":[1]}}"#
        for depth in 0...4 { Self.expectSame(body, maximumDepth: depth) }
        Self.expectSame(#"[{"id":1}]"#, maximumDepth: 1)
    }

    @Test(arguments: ["y_", "n_", "i_"])
    func theParsingCorpusAloneAndAsParamsMatchesTheTree(_ prefix: String) throws {
        let workspace = JSONParserWorkspace()
        for name in JSONTestSuiteTests.cases(prefix: prefix) {
            let file = try JSONTestSuiteTests.bytes(of: name)
            Self.expectSame(file, workspace: workspace)
            Self.expectSame(
                Array(#"{"jsonrpc":"2.0","id":1,"method":"m","params":"#.utf8) + file + [0x7D],
                workspace: workspace)
            Self.expectSame(
                Array(#"{"other":"#.utf8) + file + Array(#","id":2}"#.utf8), workspace: workspace)
        }
    }

    /// Random edits of well-formed messages: each byte replaced, dropped, doubled or
    /// the body cut short, repeatably.
    @Test func randomlyDamagedMessagesMatchTheTree() {
        let seeds = [
            #"{"jsonrpc":"2.0","id":12,"method":"session/list","params":{"a":[1,2.5,"x"]}}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"q"}}"#,
            #"{"jsonrpc":"2.0","id":"r","result":null,"j\u0073onrpc":"2.0"}"#,
        ].map { Array($0.utf8) }
        let alphabet =
            Array(#"{}[]":,\ 0123456789-.eEtrufalsn"#.utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xC3, 0xFF]
        var random = SeededRandom(seed: 0x5EED_E4E1)
        let workspace = JSONParserWorkspace()
        for round in 0..<4000 {
            var body = seeds[round % seeds.count]
            for _ in 0...Int.random(in: 0..<3, using: &random) {
                let at = Int.random(in: 0..<body.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: body[at] = alphabet.randomElement(using: &random)!
                case 1: body.remove(at: at)
                case 2: body.insert(body[at], at: at)
                default: body.removeSubrange(at...)
                }
                if body.isEmpty { body = [0x7B] }
            }
            Self.expectSame(body, workspace: workspace)
        }
    }
}
