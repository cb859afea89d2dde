// SPEC 11 and 14: a snapshot's events are those `decode(_:from:)` makes for what has arrived, so
// a document that begins with a UTF-8 byte-order mark gives every snapshot event the offset, line
// and column the whole decode gives (the offset in the bytes as given, the mark counted), whatever
// the pieces.

import Foundation
import LenientJSON
import Testing

private struct MarkedModel: Decodable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
}

@Suite("Partial documents: offsets with a byte-order mark")
struct PartialByteOrderMarkTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let documents = [
        #"{"id": "12", "name": "Ann", "tags": ["a", "b"]}"#,
        "{\n  \"name\": \"Åsa\",\n  \"id\": \"12\",\n  \"tags\": [\"x\"]\n}",
    ]

    @Test("every snapshot's event has the whole decode's offset, line and column", arguments: documents, [1, 5, 64])
    func snapshotEventsMatchTheDecode(_ json: String, piece: Int) throws {
        let bytes = Self.bom + Array(json.utf8)
        var whole = LenientDecodingReport()
        let expected = try LenientJSONDecoder().decode(MarkedModel.self, from: Data(bytes), report: &whole)
        let event = try #require(whole.events.first { $0.rule == .numberFromString })
        let offset = try #require(event.offset)
        #expect(Array(bytes[offset..<offset + 4]) == Array(#""12""#.utf8))

        var partial = LenientJSONDecoder().partial(MarkedModel.self)
        var seen = 0
        var start = 0
        while start < bytes.count {
            let end = min(start + piece, bytes.count)
            try partial.append(bytes[start..<end])
            start = end
            let snapshot = partial.snapshot()
            guard let shown = snapshot.report.events.first(where: { $0.rule == .numberFromString }) else { continue }
            seen += 1
            #expect(shown.offset == event.offset)
            #expect(shown.line == event.line)
            #expect(shown.column == event.column)
        }
        #expect(seen > 0)
        var finished = LenientDecodingReport()
        #expect(try partial.finish(report: &finished) == expected)
        #expect(finished.events.map(\.offset) == whole.events.map(\.offset))
        #expect(finished.events.map(\.column) == whole.events.map(\.column))
    }

    @Test(
        "model output: every snapshot's events are placed as decode(_:fromModelOutput:) places them",
        arguments: [1, 7])
    func modelOutputSnapshotEventsMatchTheDecode(piece: Int) throws {
        let answer = "\u{FEFF}Here it is: {\"id\": \"12\", \"name\": \"Ann\", \"tags\": [\"a\"]} done"
        var whole = LenientDecodingReport()
        let expected = try LenientJSONDecoder().decode(MarkedModel.self, fromModelOutput: answer, report: &whole)
        let events = whole.events.filter { $0.rule == .numberFromString || $0.rule == .textSkipped }
        let bytes = Array(answer.utf8)
        var partial = LenientJSONDecoder().partial(MarkedModel.self, options: PartialOptions(input: .modelOutput))
        var start = 0
        var seen = 0
        while start < bytes.count {
            let end = min(start + piece, bytes.count)
            try partial.append(bytes[start..<end])
            start = end
            for shown in partial.snapshot().report.events {
                let same = try #require(events.first { $0.rule == shown.rule }, "\(shown.rule)")
                seen += 1
                #expect(shown.offset == same.offset, "\(shown.rule)")
                #expect(shown.line == same.line, "\(shown.rule)")
                #expect(shown.column == same.column, "\(shown.rule)")
            }
        }
        #expect(seen > 0)
        #expect(try partial.finish() == expected)
    }
}
