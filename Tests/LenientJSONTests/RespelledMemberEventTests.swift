import Foundation
import LenientJSON
import Testing

/// A rule that acts on the value of a member found by another spelling (`"user_age": "36"` for
/// `userAge: Int`) records its event at the member as the input spells it (SPEC 2: "A path names
/// keys as the input spells them"), in every form an event is read: its path, pointer and
/// sentence, the report's summary and the statistics' patterns. Such an event and the key match's
/// event name the same place.
@Suite("Events at respelled members")
struct RespelledMemberEventTests {
    struct Person: Decodable, Equatable {
        var userAge: Int
        var displayName: String
    }

    /// The same model with a hand-written `init(from:)`, which reads the age only if present.
    struct HandWrittenPerson: Decodable, Equatable {
        var userAge: Int?
        var displayName: String

        enum CodingKeys: String, CodingKey { case userAge, displayName }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            userAge = try container.decodeIfPresent(Int.self, forKey: .userAge)
            displayName = try container.decode(String.self, forKey: .displayName)
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let json: String
        /// The coerced events' paths and pointers, in document order, as the input spells each key.
        let paths: [String]
        let pointers: [String]
        /// The statistics' pattern of the coerced events.
        let pattern: String
        var testDescription: String { json }
    }

    static let cases: [Case] = [
        Case(
            json: #"[{"user_age":"36","display_name":"Ada"},{"user_age":"7","display_name":"Bo"}]"#,
            paths: ["$[0].user_age", "$[1].user_age"], pointers: ["/0/user_age", "/1/user_age"],
            pattern: "$[*].user_age"),
        // An escape in the key: the path names the key as its text means it.
        Case(
            json: #"[{"user\u005fage":"36","display_name":"Ada"}]"#,
            paths: ["$[0].user_age"], pointers: ["/0/user_age"], pattern: "$[*].user_age"),
        // A key that is no plain identifier is written as a quoted name.
        Case(
            json: #"[{"USER AGE":"36","display_name":"Ada"}]"#,
            paths: ["$[0]['USER AGE']"], pointers: ["/0/USER AGE"], pattern: "$[*]['USER AGE']"),
        // Nested under another respelled member.
        Case(
            json: #"{"the_people":[{"UserAge":"36","DisplayName":"Ada"}]}"#,
            paths: ["$.the_people[0].UserAge"], pointers: ["/the_people/0/UserAge"],
            pattern: "$.the_people[*].UserAge"),
    ]

    struct People: Decodable, Equatable {
        var thePeople: [Person]
    }

    func report(of json: String) throws -> LenientDecodingReport {
        var report = LenientDecodingReport()
        let decoder = LenientJSONDecoder()
        if json.hasPrefix("{") {
            _ = try decoder.decode(People.self, from: Data(json.utf8), report: &report)
        } else {
            _ = try decoder.decode([Person].self, from: Data(json.utf8), report: &report)
        }
        return report
    }

    @Test("a coerced member's event names the member as the input spells it", arguments: cases)
    func coercedEventPlace(_ testCase: Case) throws {
        let report = try report(of: testCase.json)
        let coerced = report.events.filter { $0.rule == .numberFromString }
        #expect(coerced.map(\.path) == testCase.paths)
        #expect(coerced.map(\.pointer) == testCase.pointers)
        for event in coerced {
            #expect(event.description.hasPrefix(event.path + " (line "), "\(event.description)")
            #expect(event.type == "Int")
        }
    }

    @Test("a coerced member's event and the member's key match name the same place", arguments: cases)
    func samePlaceAsKeyMatch(_ testCase: Case) throws {
        let report = try report(of: testCase.json)
        let coerced = report.events.filter { $0.rule == .numberFromString }
        for event in coerced {
            let match = report.events.first { $0.rule == .keyNormalized && $0.offset == event.offset }
            #expect(match?.path == event.path)
            #expect(match?.pointer == event.pointer)
        }
    }

    @Test("the summary and the statistics group the coerced members by their pattern", arguments: cases)
    func patterns(_ testCase: Case) throws {
        let report = try report(of: testCase.json)
        #expect(
            report.summary.contains(
                "coerced \(testCase.pattern) ×\(testCase.paths.count) — first: \(testCase.paths[0])"),
            "\(report.summary)")
        let statistics = LenientDecodingStatistics()
        statistics.add(report)
        let pattern = statistics.snapshot.patterns.first { $0.rule == .numberFromString }
        #expect(pattern?.path == testCase.pattern)
        #expect(pattern?.count == testCase.paths.count)
        #expect(pattern?.first.path == testCase.paths[0])
    }

    /// A value of JSON text held in a string is read from a document of its own: an event at its
    /// root names the member that holds it as the outer document spells it, not by an entry of
    /// the inner document.
    @Test("an event at the root of embedded JSON under a respelled member names that member")
    func embeddedRoot() throws {
        var report = LenientDecodingReport()
        let json = #"{"the_people":"{\"user_age\":36,\"display_name\":\"Ada\"}"}"#
        let value = try LenientJSONDecoder().decode(People.self, from: Data(json.utf8), report: &report)
        #expect(value == People(thePeople: [Person(userAge: 36, displayName: "Ada")]))
        let wrapped = report.events.filter { $0.rule == .arrayWrapped }
        #expect(wrapped.map(\.path) == ["$.the_people"])
        #expect(wrapped.map(\.pointer) == ["/the_people"])
        let embedded = report.events.filter { $0.rule == .jsonEmbedded }
        #expect(embedded.map(\.path) == ["$.the_people"])
        // Paths are the input's places, and the input holds the object itself, not an array.
        let inner = report.events.filter { $0.rule == .keyNormalized }.map(\.path)
        #expect(inner == ["$.the_people", "$.the_people.user_age", "$.the_people.display_name"])
    }

    @Test("a hand-written decoder's respelled member is reported and decoded as JSONDecoder decodes the original")
    func handWritten() throws {
        var report = LenientDecodingReport()
        let value = try LenientJSONDecoder().decode(
            [HandWrittenPerson].self, from: Data(#"[{"user_age":"36","display_name":"Ada"}]"#.utf8),
            report: &report)
        let expected = try JSONDecoder().decode(
            [HandWrittenPerson].self, from: Data(#"[{"userAge":36,"displayName":"Ada"}]"#.utf8))
        #expect(value == expected)
        let coerced = report.events.filter { $0.rule == .numberFromString }
        #expect(coerced.map(\.path) == ["$[0].user_age"])
        #expect(coerced.map(\.pointer) == ["/0/user_age"])
    }
}
