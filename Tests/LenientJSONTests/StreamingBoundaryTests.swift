// Streaming (issue #16): the boundary finder must find every element wherever the bytes are
// split: inside a string, an escape (`\"`, `\\`, `\u00e9`), a number, a literal or a
// multi-byte character, in every layout. Each test splits a small document at every byte
// (two chunks) and into chunks of 1…8 bytes, and expects what JSONDecoder decodes from the
// whole document (the array) or from each value on its own (JSON Lines, whitespace-separated).

import Foundation
import LenientJSON
import Testing

@Suite("Streaming: chunk boundaries at every byte")
struct StreamingBoundaryTests {
    struct Row: Decodable, Equatable, Sendable {
        var id: Int
        var name: String
        var tags: [String]
        var score: Double?
        var nested: [String: [Int]]?
    }

    /// Rows whose strings (short and long) hold quotes, backslashes, brackets, commas, escapes
    /// and characters of two, three and four UTF-8 bytes, and numbers with a sign, fraction
    /// and exponent.
    static let rows = [
        #"{"id": 1, "name": "a\"b\\c", "tags": ["x,y", "]}", "{["], "score": -12.5e3}"#,
        #"{"id": 22, "name": "é😀\u00e9\\", "tags": [], "nested": {"k\"}": [1, 2]}}"#,
        #"{"id":333,"name":"\\\"","tags":["\\","€\/"],"score":0.25}"#,
        #"{ "id" : -4 , "name" : "" , "tags" : [ "\ud83d\ude00" ] , "score" : null }"#,
        // Strings longer than 16 bytes, with escaped quotes and backslashes far inside them.
        #"""
        {"id": 5, "name": "a long name, longer than sixteen bytes \" with \\\" quotes ] and } brackets \\", "tags"\#
        : ["ééééééééééééééééé\\\\\"]"]}
        """#,
    ]

    enum Layout: String, CaseIterable, Sendable, CustomStringConvertible {
        case prettyArray, minifiedArray, jsonLines, crlfLines, whitespaceSeparated, byteOrderMark
        var description: String { rawValue }

        var text: String {
            let rows = StreamingBoundaryTests.rows
            switch self {
            case .prettyArray: return "[\n  " + rows.joined(separator: ",\n  ") + "\n]\n"
            case .minifiedArray: return "[" + rows.joined(separator: ",") + "]"
            case .jsonLines: return rows.joined(separator: "\n") + "\n"
            case .crlfLines: return rows.joined(separator: "\r\n")
            case .whitespaceSeparated: return " \t" + rows.joined(separator: " \n\n\t") + "  "
            case .byteOrderMark: return "\u{FEFF}" + "[" + rows.joined(separator: ",") + "]"
            }
        }
    }

    /// What JSONDecoder decodes from the rows (the whole array at once).
    static func expectedRows() throws -> [Row] {
        try JSONDecoder().decode([Row].self, from: Data(("[" + rows.joined(separator: ",") + "]").utf8))
    }

    @Test("Two chunks split at every byte", arguments: Layout.allCases)
    func everySplit(layout: Layout) async throws {
        let expected = try Self.expectedRows()
        let bytes = Array(layout.text.utf8)
        for split in 0...bytes.count {
            let chunks = ChunkedBytes(bytes: bytes, sizes: [split, bytes.count])
            let result = await collect(LenientJSONDecoder().elements(of: Row.self, from: chunks))
            #expect(result.error == nil, "split at \(split): \(String(describing: result.error))")
            #expect(result.elements == expected, "split at \(split)")
        }
    }

    @Test("Chunks of 1 to 8 bytes", arguments: Layout.allCases, 1...8)
    func smallChunks(layout: Layout, size: Int) async throws {
        let expected = try Self.expectedRows()
        let result = await collect(
            LenientJSONDecoder(policy: .strict).elements(
                of: Row.self, from: ChunkedBytes(bytes: Array(layout.text.utf8), sizes: [size])))
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.elements == expected)
    }

    @Test("Single bytes of an AsyncSequence", arguments: Layout.allCases)
    func singleBytes(layout: Layout) async throws {
        let result = await collect(
            LenientJSONDecoder().elements(of: Row.self, from: SingleBytes(bytes: Array(layout.text.utf8))))
        #expect(result.error == nil, "\(String(describing: result.error))")
        #expect(result.elements == (try Self.expectedRows()))
    }

    /// Top-level scalars end at a delimiter, not at a chunk's end: a number split in two is
    /// still one number.
    @Test(
        "Scalars split at every byte, as JSONDecoder reads each",
        arguments: [
            ("[12, -3.5e1,4.0e+1 ,\"7\", 1e2]", [Double].self as [Double].Type),
            ("12 -3.5e1\n4.0e+1\n\n 1e2 0.000001", [Double].self),
        ])
    func scalars(text: String, _: [Double].Type) async throws {
        let bytes = Array(text.utf8)
        let isArray = text.hasPrefix("[")
        let values = isArray ? text : "[" + text.split(whereSeparator: \.isWhitespace).joined(separator: ",") + "]"
        let decoder = LenientJSONDecoder()
        let expected = try decoder.decode([Double].self, from: Data(values.utf8))
        if !text.contains("\"") {
            #expect(expected == (try JSONDecoder().decode([Double].self, from: Data(values.utf8))))
        }
        for split in 0...bytes.count {
            let result = await collect(
                decoder.elements(of: Double.self, from: ChunkedBytes(bytes: bytes, sizes: [split, bytes.count])))
            #expect(result.error == nil, "split at \(split): \(String(describing: result.error))")
            #expect(result.elements == expected, "split at \(split)")
        }
    }

    /// Lines and columns are counted across chunks: a value that cannot be decoded in the
    /// last row is located in the whole stream, however the stream is split.
    @Test("Error location across every split", arguments: [Layout.prettyArray, .jsonLines, .byteOrderMark])
    func locationAcrossSplits(layout: Layout) async throws {
        let text = layout.text.replacingOccurrences(of: #""id": 5,"#, with: #""id": "five","#)
        let bytes = Array(text.utf8)
        let expectedLocation = location(
            of: #""five""#, in: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        for split in 0...bytes.count {
            let result = await collect(
                LenientJSONDecoder().elements(
                    of: Row.self, from: ChunkedBytes(bytes: bytes, sizes: [split, bytes.count])))
            #expect(result.elements.count == 4, "split at \(split)")
            let error = try #require(result.errorInfo, "split at \(split)")
            #expect(error.kind == "typeMismatch")
            #expect(error.path == ["Index 4#4", "id"])
            #expect(error.message.contains("$[4].id (\(expectedLocation))"), "split at \(split): \(error.message)")
        }
    }
}
