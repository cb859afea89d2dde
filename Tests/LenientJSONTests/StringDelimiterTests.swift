import Foundation
import LenientJSON
import Testing

/// The scanner finds the end of a string eight bytes at a time, testing each word for a quote,
/// a backslash or a control character with two byte tests (quote and control characters in
/// one). Every byte value, at every offset of the first words of a string, in ASCII and in
/// non-ASCII text, must end, escape or break the string exactly as `JSONDecoder` reads it.
@Suite("String delimiters in every position")
struct StringDelimiterTests {
    /// Text before and after the byte under test: ASCII, and non-ASCII (whose bytes are above 0x7F).
    static let fills: [(name: String, unit: [UInt8])] = [("ASCII", Array("a".utf8)), ("non-ASCII", Array("é".utf8))]

    @Test("every byte at offsets 0...17 reads as JSONDecoder reads it", arguments: 0...255)
    func everyByte(_ value: Int) throws {
        let byte = UInt8(value)
        let foundation = JSONDecoder()
        let lenient = LenientJSONDecoder(policy: .strict)
        var compared = 0
        for fill in Self.fills {
            for offset in 0...17 {
                let before = Array(repeating: fill.unit, count: offset).joined()
                let after = Array(repeating: fill.unit, count: 20 - offset).joined()
                // `"k": "…"` in an object, so that a string that ends early is a syntax error
                // and one that runs on swallows the next key.
                let data = Data(Array(#"{"k": ""#.utf8) + before + [byte] + after + Array(#"", "m": "x"}"#.utf8))
                let expected = Result { try foundation.decode([String: String].self, from: data) }
                let actual = Result { try lenient.decode([String: String].self, from: data) }
                switch (expected, actual) {
                case (.success(let expected), .success(let actual)):
                    #expect(actual == expected, "byte \(value) at \(offset) in \(fill.name)")
                    compared += 1
                case (.failure(let expected), .failure(let actual)):
                    #expect(
                        ErrorInfo(actual).kind == ErrorInfo(expected).kind,
                        "byte \(value) at \(offset) in \(fill.name): \(actual)")
                default:
                    Issue.record(
                        "byte \(value) at \(offset) in \(fill.name): JSONDecoder \(expected), LenientJSON \(actual)")
                }
            }
        }
        // Printable ASCII reads as a value everywhere (except `"` and `\`).
        if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C { #expect(compared == 2 * 18) }
    }
}
