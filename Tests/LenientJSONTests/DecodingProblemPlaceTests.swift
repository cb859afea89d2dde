import Foundation
import LenientJSON
import Testing

/// Errors as data (the "Observing leniency in production" article's problem details): a problem from a date no
/// strategy reads, or from text that is not JSON, has the line and column of its place, like every other error of
/// ours from `Data`; the kind agrees with `JSONDecoder`'s error for the same input (whose path stops at the date's
/// container: the DifferencesFromJSONDecoder article's fuller coding paths).
@Suite("Decoding problems: the place of date and syntax errors")
struct DecodingProblemPlaceTests {
    struct Event: Decodable { var name: String, at: Date }
    struct Events: Decodable { var events: [Event] }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        /// The text at the problem's place: the line and column are where it first occurs in `json`.
        var marker: String
        var kind: String
        var pointer: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a date no strategy reads",
            json: "{\n  \"events\": [\n    {\"name\": \"a\", \"at\": \"soon\"}\n  ]\n}",
            marker: "\"soon\"", kind: "dataCorrupted", pointer: "/events/0/at"),
        Case(
            name: "a date, minified, far into the line",
            json: #"{"events":[{"name":"a","at":"2024-01-01T00:00:00Z"},{"name":"b","at":"last tuesday"}]}"#,
            marker: "\"last tuesday\"", kind: "dataCorrupted", pointer: "/events/1/at"),
        Case(
            name: "two commas", json: "{\n  \"events\": [\n    {\"name\": \"a\",, \"at\": 0}\n  ]\n}",
            marker: ", \"at\"", kind: "dataCorrupted", pointer: ""),
        Case(
            name: "an unclosed array", json: "{\n  \"events\": [\n    {\"name\": \"a\", \"at\": 0}\n  }",
            marker: "}", kind: "dataCorrupted", pointer: ""),
    ]

    /// The 1-based line and column (in Unicode scalars) of the last occurrence of `marker` in `json`.
    static func place(of marker: String, in json: String) -> (line: Int, column: Int)? {
        guard let range = json.range(of: marker, options: .backwards) else { return nil }
        let before = json[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart = before.lastIndex(of: "\n").map { json.index(after: $0) } ?? json.startIndex
        return (line, json.unicodeScalars[lineStart..<range.lowerBound].count + 1)
    }

    static func error(_ json: String, _ decoder: JSONDecoder) -> DecodingError? {
        do {
            _ = try decoder.decode(Events.self, from: Data(json.utf8))
            return nil
        } catch {
            return error as? DecodingError
        }
    }

    @Test(arguments: cases)
    func problemHasTheLineAndColumnOfItsPlace(_ test: Case) throws {
        let decoder = LenientJSONDecoder(policy: .strict)
        decoder.dateDecodingStrategy = .iso8601
        let reference = JSONDecoder()
        reference.dateDecodingStrategy = .iso8601
        let problem = LenientDecodingProblem(try #require(Self.error(test.json, decoder)))
        let theirs = LenientDecodingProblem(try #require(Self.error(test.json, reference)))
        #expect(problem.kind == test.kind)
        #expect(theirs.kind == test.kind)
        #expect(problem.pointer == test.pointer)
        let place = try #require(Self.place(of: test.marker, in: test.json))
        #expect(problem.line == place.line)
        #expect(problem.column == place.column)
        #expect(problem.offset != nil)
    }
}
