import Foundation
import LenientJSON
import Testing

/// One event per row of the rule table (README, "The report as data"): its rule code, kind,
/// path, RFC 6901 pointer, byte offset, found value and Swift type, through `Data` and
/// `fromJSONObject`.
@Suite("Report rule table")
struct ReportRuleTableTests {
    struct Box<T: Decodable>: Decodable { var v: T }
    enum Status: String, Decodable, CaseIterable { case active, paused }
    struct Person: Decodable { var firstName: String }
    struct Aliased: Decodable { var zip: String }

    /// A row: JSON `{"v": …}` (or `json`), the model and decoder, and what the one event says.
    struct Row: Sendable, CustomTestStringConvertible {
        var rule: LenientRule
        var kind: LenientDecodingEvent.Kind
        var json: String
        var path = "$.v"
        var pointer = "/v"
        var offset: Int? = 5
        var found: JSONValue?
        var type: String
        var decode: @Sendable (LenientJSONDecoder, InputKind, Data, inout LenientDecodingReport) throws -> Void
        var policy: LenientPolicy = .permissive
        var configure: @Sendable (LenientJSONDecoder) -> Void = { _ in }
        var testDescription: String { rule.rawValue }
    }

    static func box<T: Decodable & SendableMetatype>(_: T.Type)
        -> @Sendable (
            LenientJSONDecoder, InputKind, Data, inout LenientDecodingReport
        ) throws -> Void
    {
        { decoder, input, data, report in _ = try input.decode(Box<T>.self, from: data, with: decoder, report: &report)
        }
    }

    static let rows: [Row] = [
        Row(
            rule: .numberFromString, kind: .coerced, json: #"{"v":"12"}"#, found: "12", type: "Int",
            decode: box(Int.self)),
        Row(
            rule: .numberTruncated, kind: .coerced, json: #"{"v":1.5}"#, found: .number("1.5"), type: "Int",
            decode: box(Int.self)),
        Row(
            rule: .numberFromText, kind: .coerced, json: #"{"v":"12 kg"}"#, found: "12 kg", type: "Int",
            decode: box(Int.self)),
        Row(
            rule: .numberFromBool, kind: .coerced, json: #"{"v":true}"#, found: true, type: "Int", decode: box(Int.self)
        ),
        Row(
            rule: .numberNonConforming, kind: .coerced, json: #"{"v":"NaN"}"#, found: "NaN", type: "Double",
            decode: box(Double.self)),
        Row(rule: .boolFromNumber, kind: .coerced, json: #"{"v":1}"#, found: 1, type: "Bool", decode: box(Bool.self)),
        Row(
            rule: .boolFromString, kind: .coerced, json: #"{"v":"yes"}"#, found: "yes", type: "Bool",
            decode: box(Bool.self)),
        Row(
            rule: .stringFromNumber, kind: .coerced, json: #"{"v":12}"#, found: 12, type: "String",
            decode: box(String.self)),
        Row(
            rule: .stringFromBool, kind: .coerced, json: #"{"v":true}"#, found: true, type: "String",
            decode: box(String.self)),
        Row(
            rule: .whitespaceTrimmed, kind: .coerced, json: #"{"v":" https://a.example "}"#,
            found: " https://a.example ", type: "URL", decode: box(URL.self)),
        Row(
            rule: .arrayWrapped, kind: .coerced, json: #"{"v":1}"#, found: 1, type: "Array<Int>",
            decode: box([Int].self)),
        Row(
            rule: .arrayFromObject, kind: .coerced, json: #"{"v":{"0":1}}"#, found: ["0": 1], type: "Array<Int>",
            decode: box([Int].self)),
        Row(rule: .valueUnwrapped, kind: .coerced, json: #"{"v":[7]}"#, found: [7], type: "Int", decode: box(Int.self)),
        Row(
            rule: .dictionaryFromEmptyArray, kind: .coerced, json: #"{"v":[]}"#, found: [],
            type: "Dictionary<String, Int>",
            decode: box([String: Int].self)),
        Row(
            rule: .enumNormalized, kind: .coerced, json: #"{"v":"ACTIVE"}"#, found: "ACTIVE", type: "Status",
            decode: box(Status.self)),
        Row(
            rule: .enumAlias, kind: .coerced, json: #"{"v":"on"}"#, found: "on", type: "Status",
            decode: box(Status.self), configure: { $0.register(aliases: ["active": ["on"]], for: Status.self) }),
        Row(
            rule: .uuidNormalized, kind: .coerced, json: #"{"v":"{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}"}"#,
            found: "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", type: "UUID", decode: box(UUID.self)),
        Row(
            rule: .dataBase64Normalized, kind: .coerced, json: #"{"v":"aGk"}"#, found: "aGk", type: "Data",
            decode: box(Data.self)),
        Row(
            rule: .jsonEmbedded, kind: .coerced, json: #"{"v":"{\"a\":1}"}"#, found: #"{"a":1}"#,
            type: "Dictionary<String, Int>", decode: box([String: Int].self)),
        Row(
            rule: .dateIso8601, kind: .coerced, json: #"{"v":"2024-03-01T10:00:00Z"}"#, found: "2024-03-01T10:00:00Z",
            type: "Date", decode: box(Date.self)),
        Row(
            rule: .dateUnixSeconds, kind: .coerced, json: #"{"v":1700000000}"#, found: 1_700_000_000, type: "Date",
            decode: box(Date.self), configure: { $0.dateDecodingStrategy = .iso8601 }),
        Row(
            rule: .optionalEmptyString, kind: .coerced, json: #"{"v":""}"#, found: "", type: "Optional<Int>",
            decode: box(Int?.self)),
        Row(
            rule: .optionalPhpFalse, kind: .coerced, json: #"{"v":false}"#, found: false, type: "Optional<Int>",
            decode: box(Int?.self)),
        Row(
            rule: .optionalInvalid, kind: .recoveredAsNil, json: #"{"v":{}}"#, found: [:], type: "Optional<Int>",
            decode: box(Int?.self), policy: .lenient),
        Row(
            rule: .elementDropped, kind: .droppedElement, json: #"{"v":[1,{}]}"#, path: "$.v[1]", pointer: "/v/1",
            offset: 8, found: [:], type: "Int", decode: box([Int].self)),
        Row(
            rule: .defaultBuiltIn, kind: .usedDefault, json: #"{}"#, offset: nil, found: nil, type: "Int",
            decode: box(Int.self)),
        Row(
            rule: .defaultRegistered, kind: .usedDefault, json: #"{"v":{}}"#, found: [:], type: "Int",
            decode: box(Int.self), configure: { $0.register(fallback: 42) }),
        Row(
            rule: .keyNormalized, kind: .matchedKey, json: #"{"first_name":"Ada"}"#, path: "$.first_name",
            pointer: "/first_name", offset: 14, found: "Ada", type: "String",
            decode: { decoder, input, data, report in
                _ = try input.decode(Person.self, from: data, with: decoder, report: &report)
            }, policy: .lenient),
        Row(
            rule: .keyAlias, kind: .matchedKey, json: #"{"postal/code":"94015"}"#, path: "$['postal/code']",
            pointer: "/postal~1code", offset: 15, found: "94015", type: "String",
            decode: { decoder, input, data, report in
                _ = try input.decode(Aliased.self, from: data, with: decoder, report: &report)
            }, policy: .strict, configure: { $0.register(aliases: ["zip": ["postal/code"]], for: Aliased.self) }),
    ]

    @Test("each rule's event carries its code, place, found value and type", arguments: rows, InputKind.allCases)
    func event(row: Row, input: InputKind) throws {
        let decoder = LenientJSONDecoder(policy: row.policy)
        row.configure(decoder)
        var report = LenientDecodingReport()
        try row.decode(decoder, input, Data(row.json.utf8), &report)
        let events = report.events.filter { $0.rule == row.rule }
        try #require(events.count == 1, "\(report.events)")
        let event = events[0]
        #expect(event.kind == row.kind)
        #expect(event.path == row.path)
        #expect(event.pointer == row.pointer)
        #expect(event.found == row.found)
        #expect(event.type == row.type)
        #expect(event.offset == (input == .data ? row.offset : nil))
        #expect((event.line != nil) == (input == .data && row.offset != nil))
    }

    @Test(
        "a respelled key's event has the type read there, under every policy that matches keys",
        arguments: [LenientPolicy.lenient, .permissive], InputKind.allCases)
    func keyEventType(policy: LenientPolicy, input: InputKind) throws {
        struct Model: Decodable { var firstName: String, userAge: Int?, tags: [String] }
        var report = LenientDecodingReport()
        let json = #"{"first_name":"Ada","user_age":36,"TAGS":[]}"#
        _ = try input.decode(
            Model.self, from: Data(json.utf8), with: LenientJSONDecoder(policy: policy), report: &report)
        let keys = report.events.filter { $0.rule == .keyNormalized }
        #expect(keys.map(\.type) == ["String", "Optional<Int>", "Array<String>"])
        #expect(keys.map(\.pointer) == ["/first_name", "/user_age", "/TAGS"])
    }

    @Test("every event of a report has a rule of the table")
    func everyEventHasARule() throws {
        let decoder = LenientJSONDecoder(policy: .permissive)
        var report = LenientDecodingReport()
        let json = #"{"a":"1","b":[1,"x"],"c":"yes","d":2.5}"#
        struct Model: Decodable { var a: Int, b: [Int], c: Bool, d: Int, e: String }
        _ = try decoder.decode(Model.self, from: Data(json.utf8), report: &report)
        #expect(report.events.count == 5)
        #expect(report.events.allSatisfy { LenientRule.allRules.contains($0.rule) })
        #expect(report.events.allSatisfy { !$0.type.isEmpty })
    }

    @Test(
        "the pointer escapes ~ and / and gives indices",
        arguments: [
            (#"{"a~b":[{"c":"1"}]}"#, "/a~0b/0/c"),
            (#"{"a/b":"1"}"#, "/a~1b"),
            (#""1""#, ""),
        ])
    func pointer(json: String, expected: String) throws {
        var report = LenientDecodingReport()
        let decoder = LenientJSONDecoder(policy: .lenient)
        if json.hasPrefix("{\"a~b") {
            _ = try decoder.decode([String: [[String: Int]]].self, from: Data(json.utf8), report: &report)
        } else if json.hasPrefix("{") {
            _ = try decoder.decode([String: Int].self, from: Data(json.utf8), report: &report)
        } else {
            _ = try decoder.decode(Int.self, from: Data(json.utf8), report: &report)
        }
        #expect(report.events.map(\.pointer) == [expected])
    }
}
