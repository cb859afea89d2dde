import Foundation
import LenientJSON
import Testing

/// A string with escapes and non-ASCII bytes is unescaped first and validated once, as the
/// `String` is made. Its errors must stay those of validating first: invalid UTF-8 is reported
/// at its own byte, before any bad escape, and valid text reads as `JSONDecoder` reads it.
@Suite("Escaped string validation")
struct EscapedStringValidationTests {
    /// The error's description, or `nil` when the decode succeeds.
    static func error(_ bytes: [UInt8]) -> String? {
        do {
            _ = try LenientJSONDecoder().decode([String].self, from: Data(bytes))
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// `["` + `content` + `"]`: the content starts at column 3.
    static func document(_ content: [UInt8]) -> [UInt8] { Array(#"[""#.utf8) + content + Array(#""]"#.utf8) }

    /// Content with an invalid byte, and the column of that byte (columns count characters: `é` is one).
    static let invalidContents: [(content: [UInt8], column: Int)] = {
        let escapedE: [UInt8] = Array(#"é\n"#.utf8)
        let uEscape: [UInt8] = Array(#"\u00e9"#.utf8)
        let newline: [UInt8] = Array(#"\n"#.utf8)
        let badEscape: [UInt8] = Array(#"\q"#.utf8)
        let badX: [UInt8] = Array(#"\x"#.utf8)
        return [
            (escapedE + [0xFF], 6),
            (uEscape + [0xC3], 9),
            ([0xE3, 0x81] + newline, 3),
            (escapedE + [0x80] + badEscape, 6),
            ([0xED, 0xA0, 0x80] + badX, 3),
        ]
    }()

    @Test("invalid UTF-8 is reported at its byte, also before a bad escape", arguments: invalidContents)
    func invalidUTF8First(content: [UInt8], column: Int) throws {
        let description = try #require(Self.error(Self.document(content)))
        #expect(description.contains("invalid UTF-8"), "\(description)")
        #expect(description.contains("column \(column)"), "\(description)")
    }

    @Test("a bad escape in valid non-ASCII text is reported as JSONDecoder reports it")
    func badEscape() throws {
        let data = Data(Self.document(Array(#"名前\q"#.utf8)))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([String].self, from: data) }
        let description = try #require(Self.error(Array(data)))
        #expect(description.contains("invalid escape"), "\(description)")
    }

    @Test(
        "valid escaped non-ASCII text reads as JSONDecoder reads it",
        arguments: [#"é\n名前"#, #"\u540d é"#, #"😀\t\ud83d\ude00"#, #"a\"é\"b"#, #"\\é\/"#])
    func validText(content: String) throws {
        let data = Data(Self.document(Array(content.utf8)))
        #expect(
            try LenientJSONDecoder().decode([String].self, from: data)
                == JSONDecoder().decode([String].self, from: data))
    }
}
