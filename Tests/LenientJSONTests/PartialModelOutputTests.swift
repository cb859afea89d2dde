// SPEC 14, rule 6, while streaming: under `.modelOutput` the value is the first `{` or `[` that
// begins a JSON value decoding as the type; prose around it is skipped, a candidate that turns out
// not to be JSON (or not the type) is abandoned for the next one, and snapshots show the candidate
// being read, at the lines of the whole answer.

import Foundation
import LenientJSON
import Testing

@Suite("Partial model output")
struct PartialModelOutputTests {
    struct Answer: Decodable, Equatable, Sendable {
        var city: String
        var population: Int
    }

    static let options = PartialOptions(input: .modelOutput)

    /// The snapshots after each piece.
    static func snapshots(_ pieces: [String], decoder: LenientJSONDecoder = LenientJSONDecoder()) throws
        -> [PartialSnapshot<Answer>]
    {
        var partial = decoder.partial(Answer.self, options: options)
        var snapshots: [PartialSnapshot<Answer>] = []
        for piece in pieces {
            try partial.append(piece)
            snapshots.append(partial.snapshot())
        }
        return snapshots
    }

    @Test("Prose and a Markdown fence around the value are skipped; the candidate shows as it is read")
    func fencedAnswer() throws {
        let snapshots = try Self.snapshots([
            "Sure! Here is the answer:\n", "```json\n{\"city\": \"Par", "is\", \"population\": 2100000",
            "}\n```\nAnything else?",
        ])
        #expect(
            snapshots.map(\.value) == [
                nil, Answer(city: "Par", population: 0), Answer(city: "Paris", population: 0),
                Answer(city: "Paris", population: 2_100_000),
            ])
        #expect(snapshots.map(\.isComplete) == [false, false, false, true])
        #expect(snapshots[0].pending.isEmpty)
        #expect(snapshots[1].pending == ["$", "$.city"])
    }

    @Test("A candidate that is not JSON, or whose value is not the type, is abandoned for the next")
    func abandonedCandidates() throws {
        let text = "Use {braces} and [1, 2] here: {\"city\": \"Rome\", \"population\": 2800000} done"
        var partial = LenientJSONDecoder().partial(Answer.self, options: Self.options)
        for byte in text.utf8 { try partial.append([byte]) }
        #expect(partial.isComplete)
        #expect(partial.snapshot().value == Answer(city: "Rome", population: 2_800_000))
    }

    @Test("A snapshot's events are placed in the whole answer")
    func eventLines() throws {
        let snapshots = try Self.snapshots(["Answer:\n\n{\"city\": \"Oslo\", \"population\": \"700000\"", "}"])
        #expect(snapshots[1].value == Answer(city: "Oslo", population: 700_000))
        // The prose before the value first (SPEC 14, rule 6), then the value's own event.
        #expect(snapshots[1].report.events.map(\.line) == [1, 3])
        #expect(snapshots[1].report.events.map(\.path) == ["$", "$.population"])
    }

    @Test("After 16 candidates are abandoned, append throws the last one's error, and again after")
    func tooManyCandidates() throws {
        var partial = LenientJSONDecoder().partial(Answer.self, options: Self.options)
        for _ in 0..<15 { try partial.append("{x} ") }
        #expect(throws: DecodingError.self) { try partial.append("{x} ") }
        #expect(throws: DecodingError.self) { try partial.append("{}") }
        #expect(throws: DecodingError.self) { try partial.finish() }
    }

    @Test("finish is decode(_:fromModelOutput:) of the whole answer")
    func finishIsTheModelOutputDecode() throws {
        let decoder = LenientJSONDecoder()
        let text = "Here:\n```json\n{\"city\": \"Lima\", \"population\": 10000000}\n```"
        var partial = decoder.partial(Answer.self, options: Self.options)
        for piece in text.split(separator: "\n", omittingEmptySubsequences: false) { try partial.append(piece + "\n") }
        let whole = text + "\n"
        let expected = Result { try decoder.decode(Answer.self, fromModelOutput: whole) }
        let finished = Result { try partial.finish() }
        #expect(String(describing: finished) == String(describing: expected))
    }
}
