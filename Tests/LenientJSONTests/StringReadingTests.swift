import Foundation
import LenientJSON
import Testing

/// Strings are validated and unescaped in runs (eight bytes at a time); every reading must be
/// `JSONDecoder`'s: the same string, or an error where it throws.
@Suite("String reading")
struct StringReadingTests {
    /// Pieces a string is built from: ASCII runs of many lengths, multi-byte UTF-8, escapes,
    /// and bytes that break UTF-8 (lone continuation bytes, overlongs, surrogates, truncated
    /// sequences, bytes above U+10FFFF).
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("hello world".utf8), Array("0123456789abcdefghij".utf8),
        Array("é".utf8), Array("名前".utf8), Array("😀".utf8), Array("\u{10FFFF}".utf8),
        Array(#"\n"#.utf8), Array(#"\/"#.utf8), Array(#"\\"#.utf8), Array(#"\""#.utf8), Array(#"\t"#.utf8),
        Array(#"\u00e9"#.utf8), Array(#"\u540d"#.utf8), Array(#"\ud83d\ude00"#.utf8),
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
        [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
        [0xE3, 0x81], [0xF0, 0x9F, 0x98], [0xC3],
    ]

    static func randomStrings(count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var bytes: [UInt8] = []
            let valid = Int.random(in: 0..<4, using: &random) > 0
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                var piece = pieces.randomElement(using: &random)!
                // Most strings stay valid, so that values, not only errors, are compared.
                while valid && piece.first.map({ $0 >= 0x80 }) == true
                    && String(validating: piece, as: UTF8.self) == nil
                {
                    piece = pieces.randomElement(using: &random)!
                }
                bytes += piece
            }
            return bytes
        }
    }

    @Test("strings match JSONDecoder", arguments: [1, 2, 3])
    func matchesJSONDecoder(seed: UInt64) {
        let lenient = LenientJSONDecoder(policy: .strict)
        let foundation = JSONDecoder()
        var compared = 0
        for content in Self.randomStrings(count: 3_000, seed: seed) {
            let data = Data(
                [UInt8(ascii: "["), UInt8(ascii: "\"")] + content + [UInt8(ascii: "\""), UInt8(ascii: "]")])
            let expected = Result { try foundation.decode([String].self, from: data) }
            let actual = Result { try lenient.decode([String].self, from: data) }
            switch (expected, actual) {
            case (.success(let expected), .success(let actual)):
                #expect(actual == expected, "\(content)")
                compared += 1
            case (.failure(let expected), .failure(let actual)):
                // The same error case as JSONDecoder (the path may be fuller: DifferencesFromJSONDecoder).
                #expect(ErrorInfo(actual).kind == ErrorInfo(expected).kind, "\(content): \(actual)")
            default:
                Issue.record("\(content): JSONDecoder \(expected), LenientJSON \(actual)")
            }
        }
        // Most cases must be values, or the test compares errors only.
        #expect(compared > 1_500)
    }
}
