// SPEC 11: an event's and a problem's `offset` is the byte offset in the `Data` as given, so a
// UTF-8 byte-order mark before the document counts: the offset names the byte where the value
// starts in those very bytes (checked by reading them there), with or without the mark.

import Foundation
import LenientJSON
import Testing

private struct BOMModel: Decodable {
    var id: Int
    var name: String
}

@Suite("Offsets count a byte-order mark")
struct ByteOrderMarkOffsetTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Documents whose `id` is a numeric string (one `number.fromString` event at `"12"`).
    static let documents = [
        #"{"id": "12", "name": "Ann"}"#,
        "\n  {\"name\": \"Bo\",\n \"id\": \"12\"}",
        #"{"name":"Åsa ✓","id":"12"}"#,
    ]

    @Test("an event's offset is where its value starts in the Data", arguments: documents, [false, true])
    func eventOffset(_ json: String, withMark: Bool) throws {
        let bytes = (withMark ? Self.bom : []) + Array(json.utf8)
        var report = LenientDecodingReport()
        let value = try LenientJSONDecoder().decode(BOMModel.self, from: Data(bytes), report: &report)
        #expect(value.id == 12)
        let event = try #require(report.events.first { $0.rule == .numberFromString })
        let offset = try #require(event.offset)
        #expect(Array(bytes[offset..<min(offset + 4, bytes.count)]) == Array(#""12""#.utf8))
    }

    @Test("a problem's offset is where its value starts in the Data", arguments: [false, true])
    func problemOffset(withMark: Bool) throws {
        let bytes = (withMark ? Self.bom : []) + Array(#"{"id": "twelve", "name": "Ann"}"#.utf8)
        do {
            _ = try LenientJSONDecoder().decode(BOMModel.self, from: Data(bytes))
            Issue.record("expected an error")
        } catch let error as DecodingError {
            let offset = try #require(LenientDecodingProblem(error).offset)
            #expect(Array(bytes[offset..<offset + 8]) == Array(#""twelve""#.utf8))
        }
    }

    @Test("a syntax error's offset is the bad byte's offset in the Data", arguments: [false, true])
    func syntaxOffset(withMark: Bool) throws {
        let bytes = (withMark ? Self.bom : []) + Array(#"{"id": 1, "name": @}"#.utf8)
        do {
            _ = try LenientJSONDecoder().decode(BOMModel.self, from: Data(bytes))
            Issue.record("expected an error")
        } catch let error as DecodingError {
            let problem = LenientDecodingProblem(error)
            let offset = try #require(problem.offset)
            #expect(bytes[offset] == UInt8(ascii: "@"))
            #expect(problem.line == 1)
            #expect(problem.column == 19)
        }
    }
}

@Suite("Faults inside a value are located like every other problem")
struct ValueFaultLocationTests {
    @Test("a bad escape inside a string: offset in the Data, line and column", arguments: [false, true])
    func badEscape(withMark: Bool) throws {
        let bytes = (withMark ? ByteOrderMarkOffsetTests.bom : []) + Array("{\"id\": 1,\n \"name\": \"a\\qb\"}".utf8)
        do {
            _ = try LenientJSONDecoder().decode(BOMModel.self, from: Data(bytes))
            Issue.record("expected an error")
        } catch let error as DecodingError {
            let problem = LenientDecodingProblem(error)
            let offset = try #require(problem.offset)
            #expect(bytes[offset] == UInt8(ascii: "\\"))
            #expect(problem.line == 2)
        }
    }

    @Test("a Date no strategy or form reads has its line and column as data", arguments: [false, true])
    func unreadDate(strict: Bool) throws {
        struct Dated: Decodable { var when: Date }
        let decoder = LenientJSONDecoder(policy: strict ? .strict : .lenient)
        do {
            _ = try decoder.decode(Dated.self, from: Data("{\n  \"when\": \"someday\"}".utf8))
            Issue.record("expected an error")
        } catch let error as DecodingError {
            let problem = LenientDecodingProblem(error)
            #expect(problem.line == 2)
            #expect(problem.column == 11)
            #expect(problem.offset == 12)
        }
    }
}
