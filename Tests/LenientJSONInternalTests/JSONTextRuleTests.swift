// The small rules of JSON text live in one place (`Parsing/JSONText.swift`): the whitespace
// set, the column rule, string escaping. These tests pin each rule against Foundation or an
// independent reading, and check that every place that uses a rule gives the same answer:
// the scanner and the streaming boundary finder for whitespace; the forward, backward and
// checkpointed location lookups and the boundary finder for columns; JSON paths and
// `JSONValue` text for escaping.

import Foundation
import Testing

@testable import LenientJSON

/// The library's line and column (Testing has a `SourceLocation` of its own).
typealias Location = LenientJSON.SourceLocation

@Suite("One home per text rule: whitespace, columns, escaping")
struct JSONTextRuleTests {
    // MARK: Whitespace

    @Test("the whitespace set is the one JSONDecoder skips, and the scanner and the stream finder use it")
    func whitespace() throws {
        // Bytes that start a number are left out (`-1` is JSON for another reason), and so is
        // NUL, which JSONDecoder takes for the first byte of UTF-16 text.
        for byte in UInt8(1)..<0x80 where byte != UInt8(ascii: "-") && !NumberParsing.isDigit(byte) {
            let text = [byte, UInt8(ascii: "1")]
            let foundation = (try? JSONDecoder().decode(Int.self, from: Data(text))) != nil
            #expect(JSONText.isWhitespace(byte) == foundation, "byte \(byte)")
            let scanned = ValueMap.parsing(String(decoding: text, as: UTF8.self)) != nil
            #expect(scanned == foundation, "scanner, byte \(byte)")
            // In a streamed array, the first element starts after the byte only when the
            // finder skipped it as whitespace.
            let stream = [UInt8(ascii: "["), byte, UInt8(ascii: "1"), UInt8(ascii: "]")]
            var finder = ElementBoundaryFinder()
            let step = stream.withUnsafeBufferPointer { finder.next(in: $0, isComplete: true) }
            var skipped = false
            if case .element(let range, _, _) = step { skipped = range.lowerBound == 2 }
            #expect(skipped == foundation, "finder, byte \(byte): \(step)")
        }
    }

    // MARK: Columns

    /// The line and column of each byte offset of `text`, read from Swift's own view of it:
    /// lines split at line feeds, columns counted in Unicode scalars from 1.
    /// Only offsets where a scalar starts (and the end) have a location.
    static func oracle(_ text: String) -> [Int: Location] {
        var result: [Int: Location] = [:]
        var offset = 0
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars {
            result[offset] = Location(line: line, column: column)
            offset += String(scalar).utf8.count
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        result[offset] = Location(line: line, column: column)
        return result
    }

    static func generatedText(seed: UInt64, length: Int) -> String {
        var random = NumberGrammarAgreementTests.Generator(state: seed)
        let pieces = ["a", " ", "\n", "é", "€", "𝄞", "\"", "1", "\r\n", "\t"]
        return String((0..<length).map { _ in random.pick(pieces) }.joined())
    }

    @Test("forward, backward and checkpointed lookups count lines and columns alike", arguments: [1, 2, 3])
    func locations(seed: Int) {
        let text = Self.generatedText(seed: UInt64(seed), length: 900)
        let expected = Self.oracle(text)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let offsets = expected.keys.sorted()
            var forward = SourceLocator()
            for offset in offsets where offset % 3 == 0 {
                #expect(forward.location(of: offset, in: buffer) == expected[offset], "forward \(offset)")
            }
            // Now every lookup is backward: through the checkpoints.
            for offset in offsets.reversed() where offset % 2 == 0 {
                #expect(forward.location(of: offset, in: buffer) == expected[offset], "backward \(offset)")
                #expect(Location(offset: offset, in: buffer) == expected[offset], "one lookup \(offset)")
            }
            #expect(offsets.count > 800)
        }
    }

    @Test(
        "moving over bytes eight at a time counts lines and columns as moving past each byte does",
        arguments: [UInt64(6), 7, 8, 9])
    func wordWalk(seed: UInt64) {
        // Runs of feeds, of continuation bytes and of plain bytes, so that a word holds none, one
        // or several of each, at every position.
        var random = NumberGrammarAgreementTests.Generator(state: seed)
        let pieces = [
            "a", "\n", "\n\n", "é", "€", "𝄞", "\r\n", "abcdefgh", "\n       ", "ééé", "\t",
            "a line longer than several words, with é and 𝄞 in it",
        ]
        let text = Array((0..<600).map { _ in random.pick(pieces) }.joined().utf8)
        text.withUnsafeBufferPointer { bytes in
            for _ in 0..<200 {
                let start = Int(random.next() % UInt64(bytes.count))
                let end = start + Int(random.next() % UInt64(bytes.count - start + 1))
                let origin = Location(line: Int(random.next() % 5) + 1, column: Int(random.next() % 9) + 1)
                var byByte = origin
                for index in start..<end { byByte.advance(past: bytes[index]) }
                var byWord = origin
                byWord.advance(over: bytes, from: start, to: end)
                #expect(byWord == byByte, "bytes \(start)..<\(end)")
            }
        }
    }

    @Test("the stream finder puts each element where the location lookups do", arguments: [4, 5])
    func streamOrigins(seed: Int) {
        var random = NumberGrammarAgreementTests.Generator(state: UInt64(seed))
        let pieces = ["\"é\"", "\"𝄞 x\"", "1", "[\"€\"]", "{\"k\": \"ü\"}", "true"]
        let separators = [", ", ",\n", " ,\n\t", ",\r\n  "]
        var text = "[\n"
        for index in 0..<60 {
            if index > 0 { text += random.pick(separators) }
            text += random.pick(pieces)
        }
        text += "\n]"
        let expected = Self.oracle(text)
        let bytes = Array(text.utf8)
        var origins = 0
        bytes.withUnsafeBufferPointer { buffer in
            var finder = ElementBoundaryFinder()
            while case .element(let range, _, let origin) = finder.next(in: buffer, isComplete: true) {
                #expect(origin == expected[range.lowerBound], "element at \(range.lowerBound)")
                #expect(origin == Location(offset: range.lowerBound, in: buffer))
                origins += 1
            }
        }
        #expect(origins == 60)
    }

    // MARK: Escaping

    static let awkwardStrings: [String] = [
        "plain", "it's", "say \"hi\"", "back\\slash", "line\nbreak", "tab\tand\rreturn", "\u{0}\u{1}\u{1F}",
        "\u{7F}é𝄞", "'\"\\", "\u{8}\u{C}", "",
    ]

    @Test("JSONValue's string text reads back through JSONSerialization as the string", arguments: awkwardStrings)
    func jsonEscaping(string: String) throws {
        let text = JSONValue.string(string).description
        let read = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        #expect(read as? String == string)
    }

    @Test("a JSON path's quoted segment is the same escaping with the single quote", arguments: awkwardStrings)
    func pathEscaping(key: String) throws {
        let segment = JSONPath.segment(forKey: key)
        guard segment.hasPrefix("['") else {
            #expect(segment == "." + key)
            return
        }
        #expect(segment.hasSuffix("']"))
        // RFC 9535's single-quoted string: `\'` for the quote; the rest as in JSON. Turn it
        // into a JSON string literal and read it back.
        var json = "\""
        var scalars = segment.dropFirst(2).dropLast(2).unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\\" {
                let escaped = scalars.next()
                if escaped == "'" { json += "'" } else { json += "\\" + String(escaped.map(Character.init) ?? " ") }
            } else if scalar == "\"" {
                json += "\\\""
            } else {
                json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
        let read = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        #expect(read as? String == key)
    }
}
