// CoercionRules, MissingNullAndInvalidValues, TheReport and ErrorMessages articles: the rules
// real payloads need and the errors that point
// at the input. JSON text in a string where an object or array is expected (a property, an
// element, the root; before wrapping the string as one element); PHP's `false` as `nil` for an
// Optional of any type but `Bool`; under `.permissive` an Optional model whose object supplies
// none of its keys is `nil` (no events of the value built and thrown away); unknown enum cases,
// containers of the wrong kind and failed wrapping name the model type, the JSON path, the line
// and what was found. Every case runs through `Data` and `decode(_:fromJSONObject:)`, and
// JSONDecoder's outcome is checked alongside (it throws where leniency acts, and returns the
// same value where it succeeds).

import Foundation
import LenientJSON
import Testing

@Suite("Issue 11 real-world rules and messages")
struct RealWorldRuleTests {
    // MARK: Models

    struct Inner: Decodable, Equatable, Sendable { var a: Int }
    struct HasInner: Decodable, Equatable, Sendable { var inner: Inner }
    struct HasList: Decodable, Equatable, Sendable { var list: [Int] }
    struct HasNames: Decodable, Equatable, Sendable { var names: [String] }
    struct HasMap: Decodable, Equatable, Sendable { var m: [String: Int] }
    struct HasText: Decodable, Equatable, Sendable { var s: String }

    struct Banners: Decodable, Equatable, Sendable {
        var low: String
        var high: String
    }

    struct Plugin: Decodable, Equatable, Sendable {
        var name: String
        var requiresPHP: String?
        var banners: Banners?
        var downloads: Int?
        var isFree: Bool?
        enum CodingKeys: String, CodingKey {
            case name, banners, downloads
            case requiresPHP = "requires_php"
            case isFree = "is_free"
        }
    }

    struct User: Decodable, Equatable, Sendable {
        var email: String?
        var nick: String
        var tags: [String?]
    }

    struct LatLon: Decodable, Equatable, Sendable {
        var lat: Double
        var lon: Double
    }

    struct Map: Decodable, Equatable, Sendable {
        var center: LatLon?
        var zoom: Int
    }

    struct Hints: Decodable, Equatable, Sendable {
        var title: String?
        var rank: Int?
    }

    struct HintedMap: Decodable, Equatable, Sendable {
        var hints: Hints?
    }

    enum Kind: String, Decodable, Sendable { case post, page }
    enum ListedKind: String, Decodable, CaseIterable, Sendable { case post, page }
    struct Item: Decodable, Equatable, Sendable { var kind: Kind }
    struct ListedItem: Decodable, Equatable, Sendable { var kind: ListedKind }
    struct Site: Decodable, Equatable, Sendable { var banners: Banners }

    struct Directory: Decodable, Equatable, Sendable { var plugins: [Plugin] }
    struct Meta: Decodable, Equatable, Sendable { var key: String }
    struct Post: Decodable, Equatable, Sendable { var metadata: [Meta] }
    struct Feed: Decodable, Equatable, Sendable { var posts: [Post] }

    /// One document decoded as one type: under a policy (with its report) and by JSONDecoder.
    struct Row: Sendable, CustomTestStringConvertible {
        var json: String
        var testDescription: String
        /// Whether the policy's decode equals the row's expected value (throws its error).
        var decode: @Sendable (Preset, InputKind, inout LenientDecodingReport) throws -> Bool
        /// JSONDecoder's decode: whether it equals the row's expected value (throws its error).
        var foundation: @Sendable () throws -> Bool
    }

    static func row<T: Decodable & Equatable & Sendable>(
        _ json: String, _ type: T.Type, _ expected: T, _ name: String? = nil
    ) -> Row {
        Row(
            json: json, testDescription: "\(json) as \(name ?? "\(T.self)")",
            decode: { policy, input, report in
                try decode(T.self, json, policy, input, report: &report) == expected
            },
            foundation: {
                try JSONDecoder().decode(T.self, from: Data(json.utf8)) == expected
            })
    }

    /// A document that JSONDecoder rejects and the policies under test must reject too.
    static func rejected<T: Decodable & Sendable>(_ json: String, _ type: T.Type) -> Row {
        Row(
            json: json, testDescription: "\(json) as \(T.self)",
            decode: { policy, input, report in
                _ = try decode(T.self, json, policy, input, report: &report)
                return false
            },
            foundation: {
                _ = try JSONDecoder().decode(T.self, from: Data(json.utf8))
                return false
            })
    }

    // MARK: JSON text in a string

    struct EmbeddedRow: Sendable, CustomTestStringConvertible {
        var row: Row
        /// The path of the string that held the JSON text.
        var path: String
        var testDescription: String { row.testDescription }
    }

    static func embedded<T: Decodable & Equatable & Sendable>(
        _ json: String, _ type: T.Type, _ expected: T, at path: String
    ) -> EmbeddedRow {
        EmbeddedRow(row: row(json, type, expected), path: path)
    }

    static let embeddedRows: [EmbeddedRow] = [
        embedded(#"{"inner": "{\"a\":1}"}"#, HasInner.self, HasInner(inner: Inner(a: 1)), at: "$.inner"),
        embedded(#"{"inner": " {\"a\": 2} "}"#, HasInner.self, HasInner(inner: Inner(a: 2)), at: "$.inner"),
        embedded(#"["{\"a\":1}", {"a": 2}]"#, [Inner].self, [Inner(a: 1), Inner(a: 2)], at: "$[0]"),
        embedded(#""{\"a\":3}""#, Inner.self, Inner(a: 3), at: "$"),
        embedded(#"{"list": "[1,2]"}"#, HasList.self, HasList(list: [1, 2]), at: "$.list"),
        embedded(#""[1,2]""#, [Int].self, [1, 2], at: "$"),
        embedded(#"{"names": "[\"x\", \"y\"]"}"#, HasNames.self, HasNames(names: ["x", "y"]), at: "$.names"),
        embedded(#"{"m": "{\"k\": 1}"}"#, HasMap.self, HasMap(m: ["k": 1]), at: "$.m"),
        embedded(#"["[1]", [2, 3]]"#, [[Int]].self, [[1], [2, 3]], at: "$[0]"),
        // A trailing comma is JSON as JSONDecoder reads it (TrailingCommaTests).
        embedded(#"{"list": "[1,]"}"#, HasList.self, HasList(list: [1]), at: "$.list"),
        embedded(#""{\"a\":1,}""#, Inner.self, Inner(a: 1), at: "$"),
    ]

    @Test(
        "JSON text of the expected kind in a string: decoded with an event under .lenient, an error under .strict",
        arguments: embeddedRows, InputKind.allCases)
    func jsonTextInString(_ embedded: EmbeddedRow, _ input: InputKind) throws {
        var report = LenientDecodingReport()
        #expect(try embedded.row.decode(.lenient, input, &report))
        #expect(report.events.map(\.kind) == [.coerced], "\(report.events)")
        #expect(report.events.first?.path == embedded.path, "\(report.events)")
        Self.expectError(policy: .strict, embedded.row, input)
    }

    static let wrongEmbeddedRows: [Row] = [
        rejected(#"{"inner": "[1,2]"}"#, HasInner.self),
        rejected(#"{"inner": "{\"b\":1}"}"#, HasInner.self),
        rejected(#"{"list": "{\"a\":1}"}"#, HasList.self),
        rejected(#"{"m": "[1,2]"}"#, HasMap.self),
        rejected(#"{"inner": "{\"a\":}"}"#, HasInner.self),
        rejected(#"{"inner": "{a:1}"}"#, HasInner.self),
        rejected(#"{"inner": "{\"a\":1} x"}"#, HasInner.self),
        rejected(#"{"inner": "{\"a\":01}"}"#, HasInner.self),
        rejected(#"{"list": "[1,2"}"#, HasList.self),
        rejected(#"{"list": "[-]"}"#, HasList.self),
    ]

    @Test(
        "a string with JSON of the wrong kind, JSON the model rejects or invalid JSON: an error (.strict, .lenient)",
        arguments: wrongEmbeddedRows, InputKind.allCases)
    func wrongJSONTextInStringIsAnError(_ row: Row, _ input: InputKind) {
        Self.expectError(policy: .strict, row, input)
        Self.expectError(policy: .lenient, row, input)
    }

    @Test(
        "JSON text where a String is expected stays the text, in every policy (JSONDecoder parity)",
        arguments: Preset.allCases, InputKind.allCases)
    func jsonTextIntoStringStaysText(_ policy: Preset, _ input: InputKind) throws {
        let json = #"{"s": "{\"a\":1}"}"#
        let expected = try JSONDecoder().decode(HasText.self, from: Data(json.utf8))
        #expect(expected == HasText(s: #"{"a":1}"#))
        var report = LenientDecodingReport()
        #expect(try Self.decode(HasText.self, json, policy, input, report: &report) == expected)
        #expect(report.events.isEmpty, "\(report.events)")
    }

    // MARK: false as nil

    struct FalseRow: Sendable, CustomTestStringConvertible {
        var row: Row
        /// The paths of the `false` values read as nil.
        var paths: [String]
        var testDescription: String { row.testDescription }
    }

    static let falseRows: [FalseRow] = [
        FalseRow(
            row: row(#"{"name": "A", "requires_php": false}"#, Plugin.self, Plugin(name: "A")),
            paths: ["$.requires_php"]),
        FalseRow(
            row: row(#"{"name": "A", "downloads": false}"#, Plugin.self, Plugin(name: "A")), paths: ["$.downloads"]),
        FalseRow(row: row(#"{"name": "A", "banners": false}"#, Plugin.self, Plugin(name: "A")), paths: ["$.banners"]),
        FalseRow(
            row: row(
                #"{"email": false, "nick": "n", "tags": [false, "t"]}"#, User.self,
                User(email: nil, nick: "n", tags: [nil, "t"])),
            paths: ["$.email", "$.tags[0]"]),
        FalseRow(row: row("false", String?.self, nil), paths: ["$"]),
        FalseRow(row: row("false", Int?.self, nil), paths: ["$"]),
    ]

    @Test(
        "false for an Optional of any type but Bool: nil with an event under .lenient, an error under .strict",
        arguments: falseRows, InputKind.allCases)
    func falseAsNilForOptionals(_ falseRow: FalseRow, _ input: InputKind) throws {
        var report = LenientDecodingReport()
        #expect(try falseRow.row.decode(.lenient, input, &report))
        #expect(report.events.map(\.kind) == falseRow.paths.map { _ in .coerced }, "\(report.events)")
        #expect(report.events.map(\.path) == falseRow.paths, "\(report.events)")
        Self.expectError(policy: .strict, falseRow.row, input)
    }

    static let falseParityRows: [Row] = [
        row(#"{"name": "A", "is_free": false}"#, Plugin.self, Plugin(name: "A", isFree: false)),
        row("false", Bool?.self, false),
        row("[false, null, true]", [Bool?].self, [false, nil, true]),
    ]

    @Test(
        "false where a Bool? is expected stays false, in every policy (JSONDecoder parity)",
        arguments: falseParityRows, Preset.allCases)
    func falseStaysFalseForOptionalBool(_ row: Row, _ policy: Preset) throws {
        #expect(try row.foundation())
        for input in InputKind.allCases {
            var report = LenientDecodingReport()
            #expect(try row.decode(policy, input, &report), "\(input)")
            #expect(report.events.isEmpty, "\(input): \(report.events)")
        }
    }

    @Test(
        "a non-Optional String reads false and true as text under .lenient; JSONDecoder's error under .strict",
        arguments: InputKind.allCases)
    func nonOptionalStringReadsFalseAsText(_ input: InputKind) throws {
        let falseRow = Self.row(
            #"{"email": null, "nick": false, "tags": []}"#, User.self, User(email: nil, nick: "false", tags: []))
        var report = LenientDecodingReport()
        #expect(try falseRow.decode(.lenient, input, &report))
        Self.expectError(policy: .strict, falseRow, input)
        let trueRow = Self.row(
            #"{"email": true, "nick": true, "tags": [true]}"#, User.self,
            User(email: "true", nick: "true", tags: ["true"]))
        #expect(try trueRow.decode(.lenient, input, &report), "true is text even in an Optional String")
        Self.expectError(policy: .strict, trueRow, input)
    }

    // MARK: An Optional model with none of its keys (.permissive)

    struct EmptyModelRow: Sendable, CustomTestStringConvertible {
        var json: String
        var expected: Map
        var testDescription: String { json }
    }

    static let emptyModelRows = [
        EmptyModelRow(json: #"{"center": {}, "zoom": 3}"#, expected: Map(center: nil, zoom: 3)),
        EmptyModelRow(json: #"{"center": {"other": 1}, "zoom": 3}"#, expected: Map(center: nil, zoom: 3)),
        EmptyModelRow(json: #"{"center": {"other": 1, "more": [1]}, "zoom": 3}"#, expected: Map(center: nil, zoom: 3)),
    ]

    @Test(
        ".permissive: an Optional model whose object supplies none of its keys is nil, with no event for its fields",
        arguments: emptyModelRows, InputKind.allCases)
    func optionalModelWithNoneOfItsKeysIsNil(_ row: EmptyModelRow, _ input: InputKind) throws {
        var report = LenientDecodingReport()
        #expect(try Self.decode(Map.self, row.json, .permissive, input, report: &report) == row.expected)
        #expect(!report.events.contains { $0.path.hasPrefix("$.center.") }, "\(report.events)")
        #expect(!report.events.contains { $0.kind == .usedDefault }, "\(report.events)")
        #expect(report.events.map(\.path) == ["$.center"], "only the recovery of $.center: \(report.events)")
    }

    @Test(
        ".permissive: an Optional model with some of its keys keeps a value, the missing fields defaulted",
        arguments: InputKind.allCases)
    func optionalModelWithSomeKeysIsAValue(_ input: InputKind) throws {
        var report = LenientDecodingReport()
        let map = try Self.decode(Map.self, #"{"center": {"lat": 1}, "zoom": 3}"#, .permissive, input, report: &report)
        #expect(map == Map(center: LatLon(lat: 1, lon: 0), zoom: 3))
        #expect(report.events.map(\.kind) == [.usedDefault], "\(report.events)")
        #expect(report.events.map(\.path) == ["$.center.lon"], "\(report.events)")
    }

    @Test(
        "a model whose fields are all Optional decodes from {} as a value in every policy (JSONDecoder parity)",
        arguments: Preset.allCases, InputKind.allCases)
    func allOptionalModelFromEmptyObjectIsAValue(_ policy: Preset, _ input: InputKind) throws {
        for json in [#"{"hints": {}}"#, #"{"hints": {"other": 1}}"#] {
            let expected = try JSONDecoder().decode(HintedMap.self, from: Data(json.utf8))
            #expect(expected == HintedMap(hints: Hints(title: nil, rank: nil)))
            var report = LenientDecodingReport()
            #expect(try Self.decode(HintedMap.self, json, policy, input, report: &report) == expected, "\(json)")
            #expect(report.events.isEmpty, "\(json): \(report.events)")
        }
    }

    // MARK: Errors point at the input

    struct MessageRow: Sendable, CustomTestStringConvertible {
        var json: String
        var testDescription: String
        /// The decode's error under a policy.
        var error: @Sendable (Preset, InputKind) -> (any Error)?
        /// JSONDecoder's error on the same document.
        var foundation: @Sendable () -> (any Error)?
        /// Text the message must contain, for every input and for `Data` only.
        var contains: [String]
        var containsForData: [String]
        var lacks: [String]
        /// The error's case and coding path.
        var kind: String
        var path: [String]
        /// The policies that must throw it (`.permissive` defaults a model it cannot read).
        var policies: [Preset]
    }

    static func message<T: Decodable & Sendable>(
        _ json: String, _ type: T.Type, kind: String, path: [String], contains: [String],
        forData: [String] = ["line 1"], lacks: [String] = [],
        policies: [Preset] = Preset.allCases
    ) -> MessageRow {
        MessageRow(
            json: json, testDescription: "\(json) as \(T.self)",
            error: { policy, input in
                do {
                    var report = LenientDecodingReport()
                    _ = try decode(T.self, json, policy, input, report: &report)
                    return nil
                } catch {
                    return error
                }
            },
            foundation: {
                do {
                    _ = try JSONDecoder().decode(T.self, from: Data(json.utf8))
                    return nil
                } catch {
                    return error
                }
            }, contains: contains, containsForData: forData, lacks: lacks, kind: kind, path: path, policies: policies)
    }

    static let messageRows: [MessageRow] = [
        message(#"{"kind": "zzz"}"#, Item.self, kind: "dataCorrupted", path: ["kind"], contains: ["$.kind", "zzz"]),
        message(
            #"{"kind": "zzz"}"#, ListedItem.self, kind: "dataCorrupted", path: ["kind"], contains: ["$.kind", "zzz"]),
        message(
            #"{"banners": false}"#, Site.self, kind: "typeMismatch", path: ["banners"],
            contains: ["Banners", "$.banners", "false"],
            lacks: ["Dictionary<String, Any>"], policies: [.strict, .lenient]),
        message(
            #"{"banners": "none"}"#, Site.self, kind: "typeMismatch", path: ["banners"],
            contains: ["Banners", "$.banners", "none"],
            lacks: ["Dictionary<String, Any>"], policies: [.strict, .lenient]),
    ]

    @Test(
        "an error names the model's type, JSON path, line (Data) and what was found; case and path as JSONDecoder",
        arguments: messageRows)
    func errorPointsAtTheInput(_ row: MessageRow) throws {
        let reference = try #require(row.foundation(), "JSONDecoder throws too")
        #expect(ErrorInfo(reference).kind == row.kind, "\(reference)")
        #expect(ErrorInfo(reference).path == row.path, "\(reference)")
        for policy in row.policies {
            for input in InputKind.allCases {
                try expectPointsAtInput(row, policy, input)
            }
        }
    }

    /// The error of `row` under `policy` names what the row says, at the row's path.
    func expectPointsAtInput(_ row: MessageRow, _ policy: Preset, _ input: InputKind) throws {
        let label = "\(input) \(policy.testDescription)"
        let error = try #require(row.error(policy, input), "\(label)")
        let info = ErrorInfo(error)
        #expect(error is DecodingError, "\(label): \(error)")
        #expect(info.kind == row.kind, "\(label): \(info)")
        #expect(info.path == row.path, "\(label): \(info)")
        for text in row.contains + (input == .data ? row.containsForData : []) {
            #expect(info.message.contains(text), "\(label): \(text) not in \(info.message)")
        }
        for text in row.lacks {
            #expect(!info.message.contains(text), "\(label): \(text) in \(info.message)")
        }
    }

    static let wrappingRows: [MessageRow] = [
        message(
            #"{"plugins": {"17": {"name": "Akismet"}, "3": {"slug": "hello-dolly"}}}"#, Directory.self,
            kind: "typeMismatch",
            path: ["plugins"], contains: ["$.plugins"], lacks: ["$.plugins[0]"], policies: [.lenient]),
        message(
            #"{"posts": [{"metadata": []}, {"metadata": false}]}"#, Feed.self, kind: "typeMismatch",
            path: ["posts", "Index 1#1", "metadata"], contains: ["$.posts[1].metadata"],
            lacks: ["$.posts[1].metadata[0]"], policies: [.lenient]),
        message(
            #"{"posts": [{"metadata": {"value": 1}}]}"#, Feed.self, kind: "typeMismatch",
            path: ["posts", "Index 0#0", "metadata"], contains: ["$.posts[0].metadata"],
            lacks: ["$.posts[0].metadata[0]"], policies: [.lenient]),
    ]

    @Test(
        "where wrapping as a one-element array fails, the error names the value as in the input, not a made-up one",
        arguments: wrappingRows)
    func failedWrappingPointsAtTheValue(_ row: MessageRow) throws {
        try errorPointsAtTheInput(row)
    }
}

// MARK: - Helpers

extension RealWorldRuleTests {
    static func decode<T: Decodable>(
        _ type: T.Type, _ json: String, _ policy: Preset, _ input: InputKind,
        report: inout LenientDecodingReport
    ) throws -> T {
        let decoder = LenientJSONDecoder(policy: policy.policy)
        let data = Data(json.utf8)
        return try input.decode(type, from: data, with: decoder, report: &report)
    }

    /// `row` throws a `DecodingError` under `policy`, of the case JSONDecoder throws on it.
    static func expectError(
        policy: Preset, _ row: Row, _ input: InputKind, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var report = LenientDecodingReport()
        let lenient = Result { try row.decode(policy, input, &report) }
        let foundation = Result { try row.foundation() }
        guard case .failure(let error) = lenient else {
            Issue.record(
                "\(input) \(policy.testDescription): expected an error for \(row.json), decoded \(lenient)",
                sourceLocation: sourceLocation)
            return
        }
        #expect(error is DecodingError, "\(error)", sourceLocation: sourceLocation)
        guard case .failure(let reference) = foundation else {
            Issue.record("JSONDecoder decodes \(row.json): the row is wrong", sourceLocation: sourceLocation)
            return
        }
        #expect(
            ErrorInfo(error).kind == ErrorInfo(reference).kind,
            "\(input) \(policy.testDescription): \(error)\nJSONDecoder: \(reference)",
            sourceLocation: sourceLocation)
    }
}
