import Foundation
import JSONRPC
import Testing

/// The JSONTestSuite parsing corpus: `y_` accepted, `n_` rejected, `i_` survived.
struct JSONTestSuiteTests {
    /// `Tests/Conformance/JSONTestSuite/test_parsing`, found from this file's path.
    static let corpus: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Conformance/JSONTestSuite/test_parsing")

    static func cases(prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func bytes(of name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))
    }

    @Test func corpusIsPresent() {
        #expect(Self.cases(prefix: "y_").count == 95)
        #expect(Self.cases(prefix: "n_").count == 188)
        #expect(Self.cases(prefix: "i_").count == 35)
    }

    @Test(arguments: cases(prefix: "y_"))
    func accepts(_ name: String) throws {
        let input = try Self.bytes(of: name)
        #expect(throws: Never.self, "\(name)") { try JSONParser().parse(input) }
    }

    @Test(arguments: cases(prefix: "n_"))
    func rejects(_ name: String) throws {
        let input = try Self.bytes(of: name)
        #expect(throws: JSONParseError.self, "\(name)") { try JSONParser().parse(input) }
    }

    /// Implementation-defined cases: the outcome this parser chose, for each file.
    static let implementationDefined: [String: Bool] = [
        "i_number_double_huge_neg_exp.json": true,  // underflows to 0
        "i_number_huge_exp.json": false,  // overflows: numberOutOfRange
        "i_number_neg_int_huge_exp.json": false,
        "i_number_pos_double_huge_exp.json": false,
        "i_number_real_neg_overflow.json": false,
        "i_number_real_pos_overflow.json": false,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,  // a double
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        "i_object_key_lone_2nd_surrogate.json": false,
        "i_string_1st_surrogate_but_2nd_missing.json": false,
        "i_string_1st_valid_surrogate_2nd_invalid.json": false,
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": false,
        "i_string_incomplete_surrogate_pair.json": false,
        "i_string_incomplete_surrogates_escape_valid.json": false,
        "i_string_invalid_lonely_surrogate.json": false,
        "i_string_invalid_surrogate.json": false,
        "i_string_invalid_utf-8.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": false,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_second_surrogate.json": false,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        "i_structure_500_nested_arrays.json": false,  // deeper than 128
        "i_structure_UTF-8_BOM_empty_object.json": false,
    ]

    @Test(arguments: cases(prefix: "i_"))
    func survives(_ name: String) throws {
        let input = try Self.bytes(of: name)
        let accepted = (try? JSONParser().parse(input)) != nil
        #expect(Self.implementationDefined[name] == accepted, "\(name)")
    }
}
