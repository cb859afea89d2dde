// TheReport article: each event's `description` names its place (the path, and line:column for `Data`)
// before one sentence saying what happened, so that a logged event stands on its own; and
// `report.summary` groups the events by kind and path pattern (indices as `[*]`), one line per
// group in first-occurrence order, with its count and the first event's description.

import Foundation
import LenientJSON
import Testing

@Suite("Event descriptions and report summary")
struct ReportTextTests {
    @Test(
        "a description is the path, line and column (Data only), then one sentence",
        arguments: ReportTests.scenarios, InputKind.allCases)
    func descriptionsNameTheirPlace(_ scenario: ReportTests.Scenario, _ input: InputKind) throws {
        let decoder = LenientJSONDecoder(policy: scenario.policy)
        scenario.configure?(decoder)
        var report = LenientDecodingReport()
        try scenario.decode(decoder, Data(scenario.json.utf8), input, &report)
        #expect(!report.events.isEmpty)
        for event in report.events {
            let place: String
            if let line = event.line, let column = event.column {
                place = "\(event.path) (line \(line), column \(column)): "
            } else {
                place = "\(event.path): "
            }
            #expect(
                input == .jsonObject ? event.line == nil : (event.line != nil || event.kind == .usedDefault), "\(event)"
            )
            #expect(event.description.hasPrefix(place), "\(event.description)")
            let sentence = event.description.dropFirst(place.count)
            #expect(
                sentence.first?.isLowercase == true, "a sentence that goes on after its place: \(event.description)")
            #expect(sentence.hasSuffix("."), "\(event.description)")
            #expect(!sentence.contains("\n"), "\(event.description)")
            #expect("\(event)" == event.description)
        }
    }

    @Test("a coerced value's description reads as one line of a log")
    func coercedDescription() throws {
        let json = """
            {"users": [{"age": 1},
                       {"age": "12"}]}
            """
        struct User: Decodable { var age: Int }
        struct Users: Decodable { var users: [User] }
        var report = LenientDecodingReport()
        _ = try LenientJSONDecoder().decode(Users.self, from: Data(json.utf8), report: &report)
        let description = try #require(report.events.first?.description)
        #expect(
            description.hasPrefix("$.users[1].age (\(location(of: #""12""#, in: json))): coerced"), "\(description)")
        #expect(description.contains("12") && description.contains("Int"), "\(description)")
    }

    struct Person: Decodable, Equatable {
        var firstName: String
    }

    /// A key matched by normalization says which spelling of the input it read for which key of
    /// the model, and, where several keys of the object match it, which one it took.
    @Test(
        "a matched key's description names the input's spelling, the model's key and the choice",
        arguments: [
            (#"{"first_name": "Ada"}"#, #"$.first_name: matched key "first_name" to "firstName"."#),
            (
                #"{"FIRST_NAME": "Ada", "first-name": "Bo"}"#,
                #"$.FIRST_NAME: matched key "FIRST_NAME" to "firstName" (the first of 2 keys that match it)."#
            ),
        ])
    func matchedKeyDescription(json: String, expected: String) throws {
        var report = LenientDecodingReport()
        // The permissive policy takes the first of several matching keys (the default throws).
        _ = try LenientJSONDecoder(policy: .permissive).decode(Person.self, from: Data(json.utf8), report: &report)
        let event = try #require(report.events.first { $0.kind == .matchedKey })
        let description = event.description.replacingOccurrences(
            of: #" \(line \d+, column \d+\)"#, with: "", options: .regularExpression)
        #expect(description == expected)
    }

    struct User: Decodable, Equatable {
        var id: Int
    }

    struct Status: Decodable, Equatable {
        var user: User
    }

    struct Timeline: Decodable, Equatable {
        var statuses: [Status]
    }

    @Test("160 respellings in an array are one summary line with their count", arguments: InputKind.allCases)
    func summaryOfRespellingsInAnArray(_ input: InputKind) throws {
        let json = #"{"statuses": ["# + (0..<160).map { #"{"user": {"ID": \#($0)}}"# }.joined(separator: ",\n") + "]}"
        let data = Data(json.utf8)
        let decoder = LenientJSONDecoder()
        var report = LenientDecodingReport()
        let timeline = try input.decode(Timeline.self, from: data, with: decoder, report: &report)
        #expect(timeline.statuses.map(\.user.id) == Array(0..<160))
        #expect(report.events.count == 160)
        #expect(report.events.allSatisfy { $0.kind == .matchedKey })
        let first = try #require(report.events.first)
        #expect(first.path == "$.statuses[0].user.ID")
        #expect(report.summary == "matchedKey $.statuses[*].user.ID ×160 — first: " + first.description)
    }

    static func event(_ kind: LenientDecodingEvent.Kind, _ path: String, _ description: String) -> LenientDecodingEvent
    {
        LenientDecodingEvent(kind: kind, path: path, line: nil, column: nil, description: description)
    }

    @Test("the summary groups by kind and path pattern, in first-occurrence order, each with its count")
    func summaryGroups() {
        var report = LenientDecodingReport()
        #expect(report.summary == "")
        report.events = [
            Self.event(.coerced, "$.a[0].n", "first coerced"),
            Self.event(.matchedKey, "$.a[0].n", "first matched"),
            Self.event(.coerced, "$.a[1].n", "second coerced"),
            Self.event(.droppedElement, "$.b[7]", "dropped"),
            Self.event(.coerced, "$.a[12].n", "third coerced"),
            Self.event(.coerced, "$.c", "other path"),
        ]
        #expect(
            report.summary.components(separatedBy: "\n") == [
                "coerced $.a[*].n ×3 — first: first coerced",
                "matchedKey $.a[*].n ×1 — first: first matched",
                "droppedElement $.b[*] ×1 — first: dropped",
                "coerced $.c ×1 — first: other path",
            ])
    }

    @Test(
        "path patterns: every array index becomes [*]; quoted names stay as written",
        arguments: [
            ("$", "$"),
            ("$[0]", "$[*]"),
            ("$.a[0].b[12][3]", "$.a[*].b[*][*]"),
            ("$['a[1]'][2]", "$['a[1]'][*]"),
            (#"$['it\'s [3]'].x[4]"#, #"$['it\'s [3]'].x[*]"#),
            (#"$['back\\'][5]"#, #"$['back\\'][*]"#),
            ("$.items[0]['first name']", "$.items[*]['first name']"),
            ("$.a1[0]", "$.a1[*]"),
        ])
    func pathPatterns(_ path: String, _ pattern: String) {
        var report = LenientDecodingReport()
        report.events = [Self.event(.usedDefault, path, "d"), Self.event(.usedDefault, path, "again")]
        #expect(report.summary == "usedDefault \(pattern) ×2 — first: d")
    }
}
