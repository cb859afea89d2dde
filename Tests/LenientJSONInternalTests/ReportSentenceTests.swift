// A coercion event's sentence names the value found with an excerpt of at most 40 bytes of its
// text and `…` where cut (the TheReport article). A summary line writes the sentence's bytes into
// its own buffer, a UTF-8 sequence the limit cuts left for the summary's string to repair; an
// event's description makes the sentence a string at once. Both are checked against the excerpt
// made here from the value's text, with the cut falling on every byte of two-, three- and
// four-byte characters.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Coercion sentences")
struct ReportSentenceTests {
    struct Case: Sendable, CustomStringConvertible {
        /// The value, as JSON.
        let json: String
        /// What the sentence says was found, made from the rule.
        let found: String
        var description: String { json }
    }

    /// The first 40 bytes of `text`, each cut sequence repaired on its own, and `…` when there are more.
    static func excerpt(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes.prefix(40), as: UTF8.self) + (bytes.count > 40 ? "…" : "")
    }

    static let cases: [Case] = {
        var cases: [Case] = []
        // Cut at 40 bytes: before, inside and after a character of 2, 3 and 4 bytes.
        for ascii in 35...40 {
            for character in ["ä", "€", "😀"] {
                let text = String(repeating: "a", count: ascii) + String(repeating: character, count: 3)
                cases.append(Case(json: "\"\(text)\"", found: "string \"\(excerpt(text))\""))
            }
        }
        for text in ["", "12", String(repeating: "x", count: 40), String(repeating: "x", count: 41)] {
            cases.append(Case(json: "\"\(text)\"", found: "string \"\(excerpt(text))\""))
        }
        for number in ["12", "-0.5e3", String(repeating: "9", count: 40), String(repeating: "9", count: 45)] {
            cases.append(Case(json: number, found: "number \(excerpt(number))"))
        }
        cases += [
            Case(json: "null", found: "null"), Case(json: "true", found: "true"), Case(json: "false", found: "false"),
            Case(json: "[1]", found: "an array"), Case(json: #"{"a": 1}"#, found: "an object"),
        ]
        return cases
    }()

    /// The map of `[value]` and the entry of `value` in it.
    static func element(_ value: String) throws -> (ValueMap, Int) {
        let map = try #require(ValueMap.parsing("[\(value)]"))
        #expect(map.childCount(0) == 1)
        return (map, 1)
    }

    @Test("an event's sentence names the value found with its excerpt", arguments: cases)
    func eventSentence(_ testCase: Case) throws {
        let (map, entry) = try Self.element(testCase.json)
        #expect(DecodingErrors.found(map, entry) == testCase.found)
        #expect(
            DecoderImpl.coercionSentence(shown: "12", at: entry, typeName: "Int", in: map)
                == "Coerced \(testCase.found) to Int 12.")
    }

    @Test("a summary line's bytes make the same sentence between others", arguments: cases)
    func summaryBytes(_ testCase: Case) throws {
        let (map, entry) = try Self.element(testCase.json)
        // Written after a place and followed by another line, as in a summary.
        var bytes = Array("$[0]: ".utf8)
        DecoderImpl.appendCoercionSentence(shown: "true", at: entry, typeName: "Bool", in: map, to: &bytes)
        bytes += Array("\nmatchedKey $.a".utf8)
        #expect(
            String(decoding: bytes, as: UTF8.self) == "$[0]: Coerced \(testCase.found) to Bool true.\nmatchedKey $.a")
    }

    @Test("a value without an entry is told as a value")
    func noEntry() throws {
        let (map, _) = try Self.element("1")
        let sentence = DecoderImpl.coercionSentence(shown: "1", at: nil, typeName: "Double", in: map)
        #expect(sentence == "Coerced a value to Double 1.")
    }
}
