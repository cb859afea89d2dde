// A trailing comma before `]` or `}` is accepted by JSONDecoder on every platform, so it is
// valid input here: every rule applies to such a document exactly as to the same document
// without the comma (the DocC article "Input and limits"). Each row is decoded twice, with its
// commas and with each of them replaced by a space (the same length, so lines, columns and
// event descriptions are the same): value, error and report must be identical, in every
// policy and through `Data` and streaming alike.

import Foundation
import LenientJSON
import Testing

@Suite("A trailing comma never switches leniency off")
struct TrailingCommaTests {
    struct Person: Decodable, Equatable, Sendable {
        var firstName: String
        var age: Int
        var tags: [String]
    }

    struct Named: Decodable, Equatable, Sendable {
        var firstName: String
        var age: Int?
    }

    struct IntAndList: Decodable, Equatable, Sendable {
        var a: Int
        var b: [Int]
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var json: String
        var check: @Sendable (Preset) throws -> Void
        var testDescription: String { json }
    }

    /// The row's text with every trailing comma replaced by a space.
    static func withoutTrailingCommas(_ json: String) -> String {
        var bytes = Array(json.utf8)
        var index = bytes.count - 1
        while index > 0 {
            if bytes[index] == UInt8(ascii: "]") || bytes[index] == UInt8(ascii: "}") {
                var before = index - 1
                while before >= 0, [0x20, 0x0A, 0x09, 0x0D].contains(bytes[before]) { before -= 1 }
                if before >= 0, bytes[before] == UInt8(ascii: ",") { bytes[before] = 0x20 }
            }
            index -= 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A row: `json` (with at least one trailing comma) decodes as `T` to what the same text
    /// without its commas decodes to, with the same report, and JSONDecoder accepts both alike.
    static func row<T: Decodable & Equatable & Sendable>(_ json: String, _ type: T.Type) -> Row {
        Row(json: json) { preset in
            let plain = withoutTrailingCommas(json)
            #expect(plain != json, "the row has no trailing comma")
            let foundationWith = Outcome { try JSONDecoder().decode(T.self, from: Data(json.utf8)) }
            let foundationWithout = Outcome { try JSONDecoder().decode(T.self, from: Data(plain.utf8)) }
            #expect(foundationWith == foundationWithout, "JSONDecoder: \(foundationWith) / \(foundationWithout)")

            let decoder = LenientJSONDecoder(policy: preset.policy)
            var reportWith = LenientDecodingReport()
            var reportWithout = LenientDecodingReport()
            let with = Outcome { try decoder.decode(T.self, from: Data(json.utf8), report: &reportWith) }
            let without = Outcome { try decoder.decode(T.self, from: Data(plain.utf8), report: &reportWithout) }
            #expect(with == without, "with the comma: \(with)\nwithout: \(without)")
            #expect(with.error?.message == without.error?.message)
            #expect(reportWith.events.map(\.description) == reportWithout.events.map(\.description))
        }
    }

    static let rows: [Row] = [
        row(#"{"first_name": "Ada", "age": "36", "tags": "admin",}"#, Person.self),
        row(#"{"first_name": "Ada", "age": "36", "tags": ["admin",],}"#, Person.self),
        row(#"{"firstName": "Ada", "age": "36", "tags": [], "unread": [1, 2,]}"#, Person.self),
        row(#"[{"first_name": "Ada", "age": "x",}, {"FirstName": "Alan",},]"#, [Named].self),
        row(#"[{"first_name": "Ada", "age": "36",}, "not a person",]"#, [Named].self),
        row(#"{"a": "1", "b": [1,]}"#, IntAndList.self),
        row(#"{"a": 1, "b": "2",}"#, IntAndList.self),
        row(#"{"a": "1",}"#, [String: Int].self),
        row(#"["1", "yes", "",]"#, [Bool].self),
        row(#"["1", 2.0, "3",]"#, [Int].self),
        row(#"["", "x",]"#, [Int?].self),
        row("{\"a\": 1,\n \"b\": [2, \"three\",\n ],\n}", IntAndList.self),
    ]

    @Test("With its trailing commas or without, a document decodes alike", arguments: rows, Preset.allCases)
    func sameAsWithoutTheComma(_ row: Row, _ preset: Preset) throws {
        try row.check(preset)
    }

    /// The issue's own example: the rules that would fail without leniency apply.
    @Test(
        "Respelled keys, numeric strings and single values next to a trailing comma",
        arguments: [Preset.lenient, .permissive])
    func rulesApply(_ preset: Preset) throws {
        let json = Data(#"{"first_name": "Ada", "age": "36", "tags": "admin",}"#.utf8)
        var report = LenientDecodingReport()
        let person = try LenientJSONDecoder(policy: preset.policy).decode(Person.self, from: json, report: &report)
        #expect(person == Person(firstName: "Ada", age: 36, tags: ["admin"]))
        #expect(report.events.map(\.path).sorted() == ["$.age", "$.first_name", "$.tags"])
    }

    /// An unread member's trailing comma changes nothing for the members read.
    @Test("A trailing comma in a member no model reads")
    func unreadMember() throws {
        let json = Data(#"{"first_name": "Ada", "age": "36", "tags": [], "ignored": [1, 2,]}"#.utf8)
        let person = try LenientJSONDecoder().decode(Person.self, from: json)
        #expect(person == Person(firstName: "Ada", age: 36, tags: []))
    }

    /// JSON text inside a string is JSON as JSONDecoder reads it: a trailing comma in it too.
    @Test("Embedded JSON text with a trailing comma")
    func embeddedJSON() throws {
        let json = Data(#"{"a": 1, "b": "[2, 3,]"}"#.utf8)
        let value = try LenientJSONDecoder().decode(IntAndList.self, from: json)
        #expect(value == IntAndList(a: 1, b: [2, 3]))
    }
}
