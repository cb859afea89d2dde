import Foundation
import LenientJSON
import Testing

/// A string's bytes become a `String` in one validation: the standard library's, with repairs,
/// and the text is well-formed exactly when the repaired string kept its bytes. Every string
/// must read as `JSONDecoder` reads it, and ill-formed UTF-8 of every kind, at the start, in the
/// middle and at the end of plain and escaped text of many lengths, must be refused with the
/// error at its own first byte.
@Suite("String validation")
struct StringValidationTests {
    /// One string's content (the bytes between the quotes) and where its first ill-formed byte is.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var content: [UInt8]
        /// The offset in `content` of the first byte of the first ill-formed sequence.
        var invalidAt: Int?

        var testDescription: String { name }

        /// `["content"]`.
        var document: Data { Data(Array(#"[""#.utf8) + content + Array(#""]"#.utf8)) }

        /// The 1-based column of the ill-formed byte in `document`: columns count characters,
        /// so every byte that does not continue a sequence starts a column.
        var invalidColumn: Int? {
            invalidAt.map { at in 1 + (Array(#"[""#.utf8) + content)[..<(2 + at)].count { $0 & 0xC0 != 0x80 } }
        }
    }

    /// Well-formed pieces: ASCII, two-, three- and four-byte UTF-8 (U+FFFD itself among them,
    /// the character a repair writes), the highest scalar, and escapes.
    static let fills: [(name: String, pieces: [[UInt8]])] = [
        ("ASCII", [Array("abcdefgh".utf8)]),
        ("2-byte", [Array("é".utf8), Array("ß".utf8)]),
        ("3-byte", [Array("名".utf8), Array("\u{FFFD}".utf8), Array("€".utf8)]),
        ("4-byte", [Array("😀".utf8), Array("\u{10FFFF}".utf8)]),
        ("mixed", [Array("a".utf8), Array("é".utf8), Array("名".utf8), Array("😀".utf8), Array(" ".utf8)]),
        (
            "escaped",
            [
                Array(#"\n"#.utf8), Array("é".utf8), Array(#"\u540d"#.utf8), Array("😀".utf8),
                Array(#"\ud83d\ude00"#.utf8), Array(#"\""#.utf8),
            ]
        ),
    ]

    /// Exactly `length` bytes of well-formed text made of `pieces` in turn (ASCII pads the rest).
    static func text(_ pieces: [[UInt8]], length: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var next = 0
        while bytes.count + pieces[next % pieces.count].count <= length {
            bytes += pieces[next % pieces.count]
            next += 1
            if next > 4 * length + pieces.count { break }
        }
        return bytes + Array(repeating: UInt8(ascii: "x"), count: length - bytes.count)
    }

    /// Ill-formed sequences of every kind.
    static let invalidPieces: [(name: String, bytes: [UInt8])] = [
        ("stray continuation 80", [0x80]), ("stray continuation BF", [0xBF]),
        ("overlong C0 80", [0xC0, 0x80]), ("overlong C1 BF", [0xC1, 0xBF]),
        ("overlong E0 80 80", [0xE0, 0x80, 0x80]), ("overlong F0 80 80 80", [0xF0, 0x80, 0x80, 0x80]),
        ("surrogate ED A0 80", [0xED, 0xA0, 0x80]), ("surrogate ED BF BF", [0xED, 0xBF, 0xBF]),
        ("truncated C3", [0xC3]), ("truncated E3 81", [0xE3, 0x81]),
        ("truncated F0 9F", [0xF0, 0x9F]), ("truncated F0 9F 98", [0xF0, 0x9F, 0x98]),
        ("above U+10FFFF F4 90 80 80", [0xF4, 0x90, 0x80, 0x80]), ("F5 lead", [0xF5, 0x80, 0x80, 0x80]),
        ("FF", [0xFF]),
    ]

    static let validCases: [Case] = fills.flatMap { fill in
        (Array(0...40) + [255, 256, 1_000, 4_099]).map { length in
            Case(name: "\(fill.name), \(length) bytes", content: text(fill.pieces, length: length))
        }
    }

    static let invalidCases: [Case] = invalidPieces.flatMap { piece in
        ["mixed", "escaped"].flatMap { fillName -> [Case] in
            let pieces = fills.first { $0.name == fillName }?.pieces ?? []
            return [(0, 0), (0, 9), (5, 5), (17, 23), (33, 0), (40, 40), (600, 700), (3_000, 0)].map { lengths in
                let (before, after) = lengths
                let prefix = text(pieces, length: before)
                return Case(
                    name: "\(piece.name) after \(before) \(fillName) bytes, before \(after)",
                    content: prefix + piece.bytes + text(pieces, length: after), invalidAt: prefix.count)
            }
        }
    }

    /// The column number after "line 1, column " in an error message.
    static func column(in message: String) -> Int? {
        guard let marker = message.range(of: "line 1, column ") else { return nil }
        return Int(message[marker.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }

    @Test("well-formed strings read as JSONDecoder reads them", arguments: validCases, InputKind.allCases)
    func wellFormed(_ stringCase: Case, input: InputKind) throws {
        let data = stringCase.document
        let expected = try JSONDecoder().decode([String].self, from: data)
        #expect(try input.decode([String].self, from: data, with: LenientJSONDecoder()) == expected)
        #expect(try input.decode([String].self, from: data, with: LenientJSONDecoder(policy: .strict)) == expected)
    }

    @Test("ill-formed UTF-8 is refused at its first byte, as JSONDecoder refuses it", arguments: invalidCases)
    func illFormed(_ stringCase: Case) throws {
        let data = stringCase.document
        #expect(String(validating: stringCase.content, as: UTF8.self) == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([String].self, from: data) }
        for decoder in [LenientJSONDecoder(), LenientJSONDecoder(policy: .strict)] {
            let error = try #require(throws: DecodingError.self) { try decoder.decode([String].self, from: data) }
            let info = ErrorInfo(error)
            #expect(info.kind == "dataCorrupted", "\(info)")
            #expect(info.message.contains("invalid UTF-8"), "\(info)")
            let column = try #require(stringCase.invalidColumn)
            #expect(Self.column(in: info.message) == column, "\(info)")
        }
    }
}
