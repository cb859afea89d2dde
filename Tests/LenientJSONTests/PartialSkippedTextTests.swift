// SPEC 14, rule 6 and `PartialSnapshot.report`: under `.modelOutput`, a snapshot's report holds the
// skipped-text event of each span that has arrived whole (the prose before the candidate being read,
// once it has begun), made as `finish()` makes it; the text after the value may still grow until the
// end, so only `finish()` reports it.

import Foundation
import LenientJSON
import Testing

@Suite("Partial model output: skipped text")
struct PartialSkippedTextTests {
    struct Answer: Decodable, Equatable, Sendable {
        var city: String
        var population: Int
    }

    static let prose = "Sure! Here is the answer:\n```json\n"
    static let value = "{\"city\": \"Paris\", \"population\": \"2100000\"}"
    static let answer = prose + value + "\n```\nAnything else?"

    /// `text` cut into pieces of `size` bytes.
    static func pieces(of text: String, size: Int) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    /// The snapshot after each piece, and what `finish(report:)` returns and reports.
    static func stream(_ text: String, size: Int) throws
        -> (snapshots: [PartialSnapshot<Answer>], value: Answer, report: LenientDecodingReport)
    {
        var partial = LenientJSONDecoder().partial(Answer.self, options: PartialOptions(input: .modelOutput))
        var snapshots: [PartialSnapshot<Answer>] = []
        for piece in pieces(of: text, size: size) {
            try partial.append(piece)
            snapshots.append(partial.snapshot())
        }
        var report = LenientDecodingReport()
        let value = try partial.finish(report: &report)
        return (snapshots, value, report)
    }

    @Test("Every snapshot after the value began leads with finish()'s first event", arguments: [1, 7, 64])
    func leadingEvent(size: Int) throws {
        let (snapshots, _, report) = try Self.stream(Self.answer, size: size)
        let first = try #require(report.events.first)
        #expect(first.rule == .textSkipped)
        let valueStart = Self.prose.utf8.count
        let after = snapshots.filter { $0.bytesRead > valueStart }
        #expect(!after.isEmpty)
        for snapshot in after {
            let event = try #require(snapshot.report.events.first)
            #expect(event.kind == .skippedText)
            #expect(event.rule == first.rule)
            #expect(event.offset == first.offset)
            #expect(event.found == first.found)
            #expect(event.line == first.line && event.column == first.column)
        }
        // Before the candidate begins, no span has ended: nothing is reported.
        for snapshot in snapshots where snapshot.bytesRead <= valueStart {
            #expect(snapshot.report.events.isEmpty)
        }
    }

    @Test("No snapshot reports the text after the value, which may still grow", arguments: [1, 7, 64])
    func noTrailingEvent(size: Int) throws {
        let (snapshots, _, _) = try Self.stream(Self.answer, size: size)
        for snapshot in snapshots {
            #expect(snapshot.report.events.filter { $0.kind == .skippedText }.count <= 1)
        }
        let last = try #require(snapshots.last)
        #expect(last.isComplete)
        // The prose first, then the value's own event (the population read from a string).
        #expect(last.report.events.map(\.path) == ["$", "$.population"])
        #expect(last.report.events.first?.found == .string("Sure! Here is the answer:\n```json"))
        #expect(last.report.events.first?.offset == 0)
    }

    @Test(
        "finish() reports the spans before and after the value, as decode(_:fromModelOutput:) does",
        arguments: [1, 7, 64])
    func finishUnchanged(size: Int) throws {
        let (_, value, report) = try Self.stream(Self.answer, size: size)
        var whole = LenientDecodingReport()
        let expected = try LenientJSONDecoder().decode(Answer.self, fromModelOutput: Self.answer, report: &whole)
        #expect(value == expected)
        #expect(value == Answer(city: "Paris", population: 2_100_000))
        #expect(report.events == whole.events)
        #expect(report.events.map(\.path) == ["$", "$.population", "$"])
        #expect(report.events.last?.found == .string("```\nAnything else?"))
    }

    @Test("The leading event's text is cut to 200 characters and its offset counts a byte-order mark")
    func longProseAndMark() throws {
        let prose = "\u{FEFF}  " + String(repeating: "word ", count: 60) + "\n"
        let text = prose + "{\"city\": \"Rome\", \"population\": 2800000"
        var partial = LenientJSONDecoder().partial(Answer.self, options: PartialOptions(input: .modelOutput))
        try partial.append(text)
        let event = try #require(partial.snapshot().report.events.first)
        #expect(event.offset == 5)
        #expect(event.found == .string(String(String(repeating: "word ", count: 60).prefix(200))))
        #expect(event.line == 1 && event.column == 3)
        var whole = LenientDecodingReport()
        _ = try LenientJSONDecoder().decode(Answer.self, fromModelOutput: text + "}", report: &whole)
        let expected = try #require(whole.events.first)
        #expect(event.offset == expected.offset && event.found == expected.found)
        #expect(event.line == expected.line && event.column == expected.column)
    }
}
