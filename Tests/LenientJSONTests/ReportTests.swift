// TheReport article: every rule of the CoercionRules, KeyMatching and MissingNullAndInvalidValues
// articles that changed the outcome adds exactly
// one event with its kind, its path (keys as the input spells them; the model's key for an
// absent key) and, for `Data`, the line and column of the value's first byte (a string's
// opening quote). Expected lines and columns are computed here from the input text.
// `fromJSONObject` gives the same events without line and column; input JSONDecoder already
// accepts gives none; decoding without a report gives the same value.

import Foundation
import LenientJSON
import Testing

@Suite("The report")
struct ReportTests {
    // MARK: Models

    struct Profile: Decodable, Equatable, Sendable {
        var firstName: String
        var score: String
        var nick: Int?
        var tags: [String]
    }

    struct User: Decodable, Equatable, Sendable {
        var age: Int
    }

    struct Document: Decodable, Equatable, Sendable {
        var userAge: Int
        var profile: Profile
        var users: [User]
        var ok: Bool
    }

    struct Bag: Decodable, Equatable, Sendable {
        var list: [Int]
        var maybe: Int?
        var count: Int
        var missing: String
        var inner: [String: [Int]]
    }

    struct Aged: Decodable, Equatable, Sendable {
        var userAge: Int
    }

    struct Spaced: Decodable, Equatable, Sendable {
        var firstName: String
    }

    // MARK: Scenarios

    /// An expected event: its kind, its path, and the (unique) text in the input that starts
    /// with its value (`nil` for an absent key), from which the line and column are computed.
    struct ExpectedEvent: Sendable, CustomStringConvertible {
        var kind: LenientDecodingEvent.Kind
        var path: String
        var at: String?
        var description: String { "\(kind) at \(path)" }
    }

    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var policy: LenientPolicy
        var configure: (@Sendable (LenientJSONDecoder) -> Void)?
        var events: [ExpectedEvent]
        var decode: @Sendable (LenientJSONDecoder, Data, InputKind, inout LenientDecodingReport) throws -> Void
        var decodeWithoutReport: @Sendable (LenientJSONDecoder, Data, InputKind) throws -> Bool
        var testDescription: String { name }
    }

    static func scenario<T: Decodable & Equatable & Sendable>(
        _ name: String, _ type: T.Type, _ policy: LenientPolicy,
        configure: (@Sendable (LenientJSONDecoder) -> Void)? = nil,
        _ json: String, _ events: [ExpectedEvent]
    ) -> Scenario {
        Scenario(
            name: name, json: json, policy: policy, configure: configure, events: events,
            decode: { decoder, data, input, report in
                _ = try input.decode(T.self, from: data, with: decoder, report: &report)
            },
            decodeWithoutReport: { decoder, data, input in
                var report = LenientDecodingReport()
                switch input {
                case .data:
                    return try decoder.decode(T.self, from: data) == decoder.decode(T.self, from: data, report: &report)
                case .jsonObject:
                    let object = try JSONSerialization.jsonObject(with: data)
                    return try decoder.decode(T.self, fromJSONObject: object)
                        == decoder.decode(T.self, fromJSONObject: object, report: &report)
                }
            })
    }

    static let document = """
        {
          "user_age": "42",
          "profile": {
            "FIRST NAME": "Ann",
            "score":   7,
            "nick": "",
            "tags": "solo"
          },
          "users": [
            {"age": 1},
            {"age": "2"},
            {
              "age":
                3.0
            }
          ],
          "ok": true
        }
        """

    static let documentEvents: [ExpectedEvent] = [
        ExpectedEvent(kind: .matchedKey, path: "$.user_age", at: #""42""#),
        ExpectedEvent(kind: .coerced, path: "$.user_age", at: #""42""#),
        ExpectedEvent(kind: .matchedKey, path: "$.profile['FIRST NAME']", at: #""Ann""#),
        ExpectedEvent(kind: .coerced, path: "$.profile.score", at: "7,"),
        ExpectedEvent(kind: .coerced, path: "$.profile.nick", at: #""","#),
        ExpectedEvent(kind: .coerced, path: "$.profile.tags", at: #""solo""#),
        ExpectedEvent(kind: .coerced, path: "$.users[1].age", at: #""2"}"#),
    ]

    static let bag = """
        {
          "list": [1,
                   "x", 3],
          "maybe": "abc",
          "count": {"n": 1},
          "inner": {"a b": [4, {}]}
        }
        """

    static let scenarios: [Scenario] = [
        scenario("nested multi-line document, .lenient", Document.self, .lenient, document, documentEvents),
        scenario("nested multi-line document, .permissive", Document.self, .permissive, document, documentEvents),
        scenario(
            "recoveries, .permissive", Bag.self, .permissive, bag,
            [
                ExpectedEvent(kind: .droppedElement, path: "$.list[1]", at: #""x""#),
                ExpectedEvent(kind: .recoveredAsNil, path: "$.maybe", at: #""abc""#),
                ExpectedEvent(kind: .usedDefault, path: "$.count", at: #"{"n": 1}"#),
                // An absent key: the model's key, no value to point at.
                ExpectedEvent(kind: .usedDefault, path: "$.missing", at: nil),
                ExpectedEvent(kind: .droppedElement, path: "$.inner['a b'][1]", at: "{}]"),
            ]),
        scenario(
            "a key that is not a plain identifier", Spaced.self, .lenient,
            """
            {
              "first name": "Ann"
            }
            """, [ExpectedEvent(kind: .matchedKey, path: "$['first name']", at: #""Ann""#)]),
        scenario(
            "input spelling under .convertFromSnakeCase", Aged.self, .lenient,
            configure: { $0.keyDecodingStrategy = .convertFromSnakeCase },
            """
            {"other_key": 1,
             "user_age": "9"}
            """, [ExpectedEvent(kind: .coerced, path: "$.user_age", at: #""9""#)]),
        scenario(
            "snake-case key coerced under .convertFromSnakeCase", Profile.self, .lenient,
            configure: { $0.keyDecodingStrategy = .convertFromSnakeCase },
            """
            {
              "first_name": "Ann",
              "score": 1.50,
              "tags": []
            }
            """, [ExpectedEvent(kind: .coerced, path: "$.score", at: "1.50")]),
        scenario(
            "Optional Int from an uncoercible value, .lenient", Bag.self, .lenient,
            """
            {"list": [], "maybe": [1, 2], "count": 0, "missing": "", "inner": {}}
            """, [ExpectedEvent(kind: .recoveredAsNil, path: "$.maybe", at: "[1, 2]")]),
    ]

    // MARK: Tests

    @Test("one event per rule that changed the outcome: kind, path, line and column (Data)", arguments: scenarios)
    func eventsFromData(_ scenario: Scenario) throws {
        let decoder = LenientJSONDecoder(policy: scenario.policy)
        scenario.configure?(decoder)
        var report = LenientDecodingReport()
        try scenario.decode(decoder, Data(scenario.json.utf8), .data, &report)

        let actual = report.events.map { EventKey(kind: $0.kind, path: $0.path, line: $0.line, column: $0.column) }
        let expected = scenario.events.map { event -> EventKey in
            guard let at = event.at else { return EventKey(kind: event.kind, path: event.path, line: nil, column: nil) }
            let (line, column) = Self.location(of: at, in: scenario.json)
            return EventKey(kind: event.kind, path: event.path, line: line, column: column)
        }
        // Absent keys have no value: their line and column are not checked.
        let comparable = actual.map { key in
            scenario.events.contains { $0.at == nil && $0.path == key.path && $0.kind == key.kind }
                ? EventKey(kind: key.kind, path: key.path, line: nil, column: nil) : key
        }
        #expect(comparable.sorted() == expected.sorted(), "\(report.events.map(\.description))")
        for event in report.events {
            #expect(!event.description.isEmpty, "each event has a readable sentence")
        }
    }

    @Test("fromJSONObject: the same kinds and paths, without line and column", arguments: scenarios)
    func eventsFromJSONObject(_ scenario: Scenario) throws {
        let decoder = LenientJSONDecoder(policy: scenario.policy)
        scenario.configure?(decoder)
        var report = LenientDecodingReport()
        try scenario.decode(decoder, Data(scenario.json.utf8), .jsonObject, &report)
        let actual = report.events.map { EventKey(kind: $0.kind, path: $0.path, line: nil, column: nil) }
        let expected = scenario.events.map { EventKey(kind: $0.kind, path: $0.path, line: nil, column: nil) }
        #expect(actual.sorted() == expected.sorted(), "\(report.events.map(\.description))")
        for event in report.events {
            #expect(event.line == nil && event.column == nil, "\(event)")
        }
    }

    @Test("decoding without a report gives the same value", arguments: scenarios, InputKind.allCases)
    func sameValueWithoutReport(_ scenario: Scenario, _ input: InputKind) throws {
        let decoder = LenientJSONDecoder(policy: scenario.policy)
        scenario.configure?(decoder)
        #expect(try scenario.decodeWithoutReport(decoder, Data(scenario.json.utf8), input))
    }

    @Test("a report passed in keeps its earlier events and appends the new ones")
    func reportAppends() throws {
        let decoder = LenientJSONDecoder()
        var report = LenientDecodingReport()
        _ = try decoder.decode(User.self, from: Data(#"{"age": "1"}"#.utf8), report: &report)
        _ = try decoder.decode(User.self, fromJSONObject: ["age": "2"], report: &report)
        #expect(report.events.map(\.kind) == [.coerced, .coerced])
        #expect(report.events.map(\.path) == ["$.age", "$.age"])
        #expect(report.events[0].line == 1 && report.events[0].column == 9)
        #expect(report.events[1].line == nil)
    }

    static let validDocument = """
        {
          "userAge": 42,
          "profile": {"firstName": "Ann", "score": "7", "nick": null, "tags": ["a", "b"]},
          "users": [{"age": 1}, {"age": 2.0}, {"age": 3e0}],
          "ok": false
        }
        """

    @Test(
        "no events for input JSONDecoder already accepts, and JSONDecoder's value",
        arguments: [LenientPolicy.lenient, .permissive, .strict], InputKind.allCases)
    func noEventsForValidInput(_ policy: LenientPolicy, _ input: InputKind) throws {
        let data = Data(Self.validDocument.utf8)
        let foundation = try JSONDecoder().decode(Document.self, from: data)
        let decoder = LenientJSONDecoder(policy: policy)
        var report = LenientDecodingReport()
        let value = try input.decode(Document.self, from: data, with: decoder, report: &report)
        #expect(value == foundation)
        #expect(report.events.isEmpty, "\(report.events.map(\.description))")
    }

    @Test("a decode that throws leaves no events (the report describes a returned value); the error names the path")
    func eventsBeforeAThrow() {
        let json = """
            {"user_age": "1",
             "profile": {"firstName": "A", "score": "s", "tags": []},
             "users": "none",
             "ok": "maybe"}
            """
        var report = LenientDecodingReport()
        #expect(throws: DecodingError.self) {
            _ = try LenientJSONDecoder().decode(Document.self, from: Data(json.utf8), report: &report)
        }
        #expect(report.events.isEmpty, "\(report.events.map(\.description))")
    }

    // MARK: Helpers

    struct EventKey: Comparable, CustomStringConvertible {
        var kind: LenientDecodingEvent.Kind
        var path: String
        var line: Int?
        var column: Int?

        var description: String { "\(kind) \(path) \(line.map(String.init) ?? "-"):\(column.map(String.init) ?? "-")" }

        static func < (a: EventKey, b: EventKey) -> Bool { a.description < b.description }
    }

    /// The 1-based line and column of the first character of `needle`, which must occur once
    /// in `text`.
    static func location(of needle: String, in text: String) -> (Int, Int) {
        let chars = Array(text)
        let wanted = Array(needle)
        var found: Int?
        var i = 0
        while i + wanted.count <= chars.count {
            if Array(chars[i..<i + wanted.count]) == wanted {
                precondition(found == nil, "\(needle) is not unique in the input")
                found = i
            }
            i += 1
        }
        guard let index = found else { preconditionFailure("\(needle) is not in the input") }
        var line = 1
        var column = 1
        for c in chars[..<index] {
            if c == "\n" { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}
