// CoercionRules article (collection rows), MissingNullAndInvalidValues article (collection recovery):
// `[]` → `[:]` acts only where the strict reading failed (an empty dictionary with struct keys,
// which JSONEncoder writes as `[]`, decodes back in every policy); under `.permissive` a bad
// member of `[Int: V]` is dropped as for `[String: V]`, a bad element of a `Set` is dropped,
// `nestedContainer(keyedBy:forKey:)` / `nestedUnkeyedContainer(forKey:)` on a missing or null
// key give an empty container, and an object with integer keys (gaps, any order) is an array
// in numeric key order. Each case runs through `Data` and `decode(_:fromJSONObject:)`, and is
// compared with JSONDecoder wherever JSONDecoder succeeds.

import Foundation
import LenientJSON
import Testing

@Suite("Collection rules")
struct CollectionRuleTests {
    // MARK: Models

    /// A dictionary key that is neither `String` nor `Int`: JSONEncoder writes such a
    /// dictionary as an array of alternating keys and values (`[]` when empty).
    struct StructKey: Codable, Hashable, Sendable {
        var id: Int
        var name: String
    }

    struct Wrapped<T: Decodable & Equatable & Sendable>: Decodable, Equatable, Sendable { var m: T }

    /// A hand-written `init(from:)` that reads through nested containers.
    struct Place: Decodable, Equatable, Sendable {
        var lat: Double
        var lon: Double
        var tags: [String]

        enum CodingKeys: String, CodingKey { case geo, tags }
        enum GeoKeys: String, CodingKey { case lat, lon }

        init(lat: Double, lon: Double, tags: [String]) {
            self.lat = lat
            self.lon = lon
            self.tags = tags
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let geo = try container.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
            lat = try geo.decode(Double.self, forKey: .lat)
            lon = try geo.decode(Double.self, forKey: .lon)
            var list = try container.nestedUnkeyedContainer(forKey: .tags)
            tags = []
            while !list.isAtEnd { tags.append(try list.decode(String.self)) }
        }
    }

    struct Plugin: Decodable, Equatable, Sendable {
        var name: String
        var slug: String
    }

    // MARK: [] → [:] only after the strict reading

    @Test(
        "an empty [StructKey: String], written by JSONEncoder as [], decodes back equal in every policy",
        arguments: Preset.allCases, InputKind.allCases)
    func emptyStructKeyedDictionaryRoundTrips(_ policy: Preset, _ input: InputKind) throws {
        let empty: [StructKey: String] = [:]
        let data = try JSONEncoder().encode(empty)
        #expect(String(decoding: data, as: UTF8.self) == "[]")
        #expect(try JSONDecoder().decode([StructKey: String].self, from: data) == empty)
        var report = LenientDecodingReport()
        #expect(try Self.decode([StructKey: String].self, data, policy, input, report: &report) == empty)
        #expect(report.events.isEmpty, "JSONDecoder reads it as it is: \(report.events)")

        let wrapped = try JSONEncoder().encode(["m": empty])
        #expect(try Self.decode(Wrapped<[StructKey: String]>.self, wrapped, policy, input) == Wrapped(m: empty))
    }

    @Test(
        "a non-empty [StructKey: String] round-trips through JSONEncoder in every policy, as with JSONDecoder",
        arguments: Preset.allCases, InputKind.allCases)
    func structKeyedDictionaryRoundTrips(_ policy: Preset, _ input: InputKind) throws {
        let value: [StructKey: String] = [StructKey(id: 1, name: "a"): "x", StructKey(id: 2, name: "b"): "y"]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode([StructKey: String].self, from: data) == value)
        #expect(try Self.decode([StructKey: String].self, data, policy, input) == value)
    }

    struct EmptyArrayRow: Sendable, CustomTestStringConvertible {
        var json: String
        var path: String
        /// Whether the decode under a policy gives the empty dictionary.
        var decode: @Sendable (Preset, InputKind, inout LenientDecodingReport) throws -> Bool
        /// JSONDecoder's decode of the same document.
        var foundation: @Sendable () throws -> Bool
        var testDescription: String
    }

    static func emptyArrayRow<T: Decodable & Equatable & Sendable>(
        _ json: String, _ type: T.Type, empty: T, path: String
    ) -> EmptyArrayRow {
        EmptyArrayRow(
            json: json, path: path,
            decode: { policy, input, report in
                try decode(T.self, Data(json.utf8), policy, input, report: &report) == empty
            },
            foundation: {
                try JSONDecoder().decode(T.self, from: Data(json.utf8)) == empty
            }, testDescription: "\(json) as \(T.self)")
    }

    static let emptyArrayRows: [EmptyArrayRow] = [
        emptyArrayRow("[]", [String: Int].self, empty: [:], path: "$"),
        emptyArrayRow("[]", [Int: String].self, empty: [:], path: "$"),
        emptyArrayRow(#"{"m": []}"#, Wrapped<[String: Int]>.self, empty: Wrapped(m: [:]), path: "$.m"),
        emptyArrayRow(#"{"m": []}"#, Wrapped<[Int: String]>.self, empty: Wrapped(m: [:]), path: "$.m"),
    ]

    @Test(
        "[String: Int] (and [Int: V]) from []: [:] with an event under .lenient, .permissive; an error under .strict",
        arguments: emptyArrayRows, Preset.allCases)
    func emptyArrayAsDictionary(_ row: EmptyArrayRow, _ policy: Preset) throws {
        for input in InputKind.allCases {
            var report = LenientDecodingReport()
            let outcome = Result { try row.decode(policy, input, &report) }
            if policy == .strict {
                Self.expectError(outcome, likeJSONDecoderOn: row.json, input: input) { try row.foundation() }
            } else {
                #expect(try outcome.get(), "\(input)")
                #expect(report.events.map(\.kind) == [.coerced], "\(input): \(report.events)")
                #expect(report.events.first?.path == row.path, "\(input): \(report.events)")
            }
        }
    }

    @Test("a non-empty array is never read as a dictionary", arguments: Preset.allCases, InputKind.allCases)
    func nonEmptyArrayIsNotADictionary(_ policy: Preset, _ input: InputKind) {
        #expect(throws: DecodingError.self) { try Self.decode([String: Int].self, Data("[1]".utf8), policy, input) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([String: Int].self, from: Data("[1]".utf8)) }
    }

    // MARK: .permissive drops bad members and elements

    struct BadMemberRow: Sendable, CustomTestStringConvertible {
        var json: String
        /// The members that are left once the bad ones are dropped.
        var kept: [Int: Int]
        var testDescription: String { json }
    }

    static let badMemberRows = [
        BadMemberRow(json: #"{"1": 1, "2": "x", "3": 3, "4": {}}"#, kept: [1: 1, 3: 3]),
        BadMemberRow(json: #"{"10": [], "20": 20}"#, kept: [20: 20]),
        BadMemberRow(json: #"{"5": 5, "6": "six", "7": [7, 8]}"#, kept: [5: 5]),
    ]

    @Test(
        "[Int: V]: a bad member is dropped under .permissive as for [String: V]; an error otherwise, as in JSONDecoder",
        arguments: badMemberRows, InputKind.allCases)
    func intKeyedDictionaryDropsBadMember(_ row: BadMemberRow, _ input: InputKind) throws {
        let data = Data(row.json.utf8)
        var intReport = LenientDecodingReport()
        #expect(try Self.decode([Int: Int].self, data, .permissive, input, report: &intReport) == row.kept)
        var stringReport = LenientDecodingReport()
        let byString = try Self.decode([String: Int].self, data, .permissive, input, report: &stringReport)
        #expect(byString == Dictionary(uniqueKeysWithValues: row.kept.map { (String($0.key), $0.value) }))
        #expect(intReport.events.map(\.kind).allSatisfy { $0 == .droppedElement }, "\(intReport.events)")
        #expect(intReport.events.count == stringReport.events.count, "\(intReport.events) vs \(stringReport.events)")
        #expect(
            Set(intReport.events.map(\.path)) == Set(stringReport.events.map(\.path)),
            "\(intReport.events) vs \(stringReport.events)")

        for policy in [Preset.strict, .lenient] {
            Self.expectError(
                Result { try Self.decode([Int: Int].self, data, policy, input) }, likeJSONDecoderOn: row.json,
                input: input
            ) {
                try JSONDecoder().decode([Int: Int].self, from: data)
            }
        }
    }

    @Test(
        "[Int: V]: a member whose key is not an Int is dropped under .permissive; JSONDecoder's typeMismatch otherwise",
        arguments: InputKind.allCases)
    func intKeyedDictionaryDropsNonIntegerKey(_ input: InputKind) throws {
        let json = #"{"1": "a", "x": "b", "2": "c"}"#
        let data = Data(json.utf8)
        var report = LenientDecodingReport()
        #expect(try Self.decode([Int: String].self, data, .permissive, input, report: &report) == [1: "a", 2: "c"])
        #expect(report.events.map(\.kind) == [.droppedElement], "\(report.events)")
        #expect(report.events.first?.path == "$.x")
        for policy in [Preset.strict, .lenient] {
            Self.expectError(
                Result { try Self.decode([Int: String].self, data, policy, input) }, likeJSONDecoderOn: json,
                input: input
            ) {
                try JSONDecoder().decode([Int: String].self, from: data)
            }
        }
    }

    @Test(
        "Set<Int>: a bad element is dropped under .permissive; an error otherwise, as in JSONDecoder",
        arguments: InputKind.allCases)
    func setDropsBadElement(_ input: InputKind) throws {
        let json = #"[1, "x", 3, {}, 1]"#
        let data = Data(json.utf8)
        var report = LenientDecodingReport()
        #expect(try Self.decode(Set<Int>.self, data, .permissive, input, report: &report) == [1, 3])
        #expect(report.events.map(\.kind) == [.droppedElement, .droppedElement], "\(report.events)")
        #expect(report.events.map(\.path) == ["$[1]", "$[3]"])

        let nested = #"{"m": [2, [], 4]}"#
        #expect(try Self.decode(Wrapped<Set<Int>>.self, Data(nested.utf8), .permissive, input) == Wrapped(m: [2, 4]))

        for policy in [Preset.strict, .lenient] {
            Self.expectError(
                Result { try Self.decode(Set<Int>.self, data, policy, input) }, likeJSONDecoderOn: json, input: input
            ) {
                try JSONDecoder().decode(Set<Int>.self, from: data)
            }
        }
    }

    // MARK: Nested containers recover like decode(_:forKey:)

    struct NestedRow: Sendable, CustomTestStringConvertible {
        var json: String
        /// The path of the container that was missing, null or of the wrong kind.
        var path: String
        var expected: Place
        var testDescription: String { json }
    }

    static let nestedRows = [
        NestedRow(json: #"{"tags": ["a"]}"#, path: "$.geo", expected: Place(lat: 0, lon: 0, tags: ["a"])),
        NestedRow(json: #"{"geo": null, "tags": ["a"]}"#, path: "$.geo", expected: Place(lat: 0, lon: 0, tags: ["a"])),
        NestedRow(json: #"{"geo": 5, "tags": ["a"]}"#, path: "$.geo", expected: Place(lat: 0, lon: 0, tags: ["a"])),
        NestedRow(
            json: #"{"geo": {"lat": 1.5, "lon": 2}}"#, path: "$.tags", expected: Place(lat: 1.5, lon: 2, tags: [])),
        NestedRow(
            json: #"{"geo": {"lat": 1.5, "lon": 2}, "tags": null}"#, path: "$.tags",
            expected: Place(lat: 1.5, lon: 2, tags: [])),
    ]

    @Test(
        "nested containers on a missing or null key: empty under .permissive, an error under .strict and .lenient",
        arguments: nestedRows, InputKind.allCases)
    func nestedContainerOnMissingOrNull(_ row: NestedRow, _ input: InputKind) throws {
        let data = Data(row.json.utf8)
        var report = LenientDecodingReport()
        #expect(try Self.decode(Place.self, data, .permissive, input, report: &report) == row.expected)
        #expect(report.events.contains { $0.kind == .usedDefault && $0.path == row.path }, "\(report.events)")

        for policy in [Preset.strict, .lenient] {
            Self.expectError(
                Result { try Self.decode(Place.self, data, policy, input) }, likeJSONDecoderOn: row.json, input: input
            ) {
                try JSONDecoder().decode(Place.self, from: data)
            }
        }
    }

    @Test(
        "nested containers on a valid document: JSONDecoder's value in every policy", arguments: Preset.allCases,
        InputKind.allCases)
    func nestedContainerParity(_ policy: Preset, _ input: InputKind) throws {
        let data = Data(#"{"geo": {"lat": 1.5, "lon": -2}, "tags": ["a", "b"]}"#.utf8)
        let expected = try JSONDecoder().decode(Place.self, from: data)
        #expect(expected == Place(lat: 1.5, lon: -2, tags: ["a", "b"]))
        var report = LenientDecodingReport()
        #expect(try Self.decode(Place.self, data, policy, input, report: &report) == expected)
        #expect(report.events.isEmpty, "\(report.events)")
    }

    // MARK: Objects with integer keys as arrays (.permissive)

    struct IndexedRow: Sendable, CustomTestStringConvertible {
        var json: String
        var path: String
        var decode: @Sendable (Preset, InputKind, inout LenientDecodingReport) throws -> Bool
        var testDescription: String
    }

    static func indexed<T: Decodable & Equatable & Sendable>(
        _ json: String, _ type: T.Type, _ expected: T, path: String = "$"
    ) -> IndexedRow {
        IndexedRow(
            json: json, path: path,
            decode: { policy, input, report in
                try decode(T.self, Data(json.utf8), policy, input, report: &report) == expected
            }, testDescription: "\(json) as \(T.self)")
    }

    static let indexedRows: [IndexedRow] = [
        indexed(#"{"17": "a", "3": "b"}"#, [String].self, ["b", "a"]),
        indexed(#"{"2": "c", "0": "a", "1": "b"}"#, [String].self, ["a", "b", "c"]),
        indexed(#"{"10": "b", "9": "a"}"#, [String].self, ["a", "b"]),
        indexed(#"{"0": 7}"#, [Int].self, [7]),
        indexed(#"{"100": 1, "20": 2, "3": 3}"#, [Int].self, [3, 2, 1]),
        indexed(#"{"m": {"5": 50, "1": 10}}"#, Wrapped<[Int]>.self, Wrapped(m: [10, 50]), path: "$.m"),
        indexed(
            #"{"17": {"name": "Akismet", "slug": "akismet"}, "3": {"name": "Hello Dolly", "slug": "hello-dolly"}}"#,
            [Plugin].self,
            [Plugin(name: "Hello Dolly", slug: "hello-dolly"), Plugin(name: "Akismet", slug: "akismet")]),
    ]

    @Test(
        "an object with non-negative integer keys (gaps, any order) is an array in key order under .permissive only",
        arguments: indexedRows, Preset.allCases)
    func indexedObjectAsArray(_ row: IndexedRow, _ policy: Preset) throws {
        for input in InputKind.allCases {
            var report = LenientDecodingReport()
            let outcome = Result { try row.decode(policy, input, &report) }
            if policy == .permissive {
                #expect(try outcome.get(), "\(input)")
                #expect(
                    report.events.filter { $0.kind == .coerced }.map(\.path) == [row.path], "\(input): \(report.events)"
                )
            } else {
                #expect(throws: DecodingError.self, "\(input)") { try outcome.get() }
            }
        }
    }

    static let notIndexedObjects = [
        #"{"01": "a", "1": "b"}"#,
        #"{"-1": "a", "0": "b"}"#,
        #"{"+1": "a"}"#,
        #"{"1.0": "a"}"#,
        #"{" 1": "a"}"#,
        #"{"1": "a", "x": "b"}"#,
        #"{"99999999999999999999": "a"}"#,
    ]

    @Test(
        "an object with any other key (sign, leading zero, fraction, space, word, too large) is never an array",
        arguments: notIndexedObjects, InputKind.allCases)
    func notIndexedObjectIsAnError(_ json: String, _ input: InputKind) {
        #expect(throws: DecodingError.self) { try Self.decode([String].self, Data(json.utf8), .permissive, input) }
    }

    // MARK: [Int: V] parity

    static let intKeyedDocuments = [
        "{}",
        #"{"1": "a", "-2": "b"}"#,
        #"{"0": "zero", "9223372036854775807": "max", "-9223372036854775808": "min"}"#,
        #"{"007": "bond", "+5": "plus"}"#,
        #"{"3": "c", "1": "a", "2": "b"}"#,
        #"{"a": "x"}"#,
        #"{"1.5": "x"}"#,
        #"{"9223372036854775808": "x"}"#,
        #"{"1": 1}"#,
        "[]",
        #"["1", "a"]"#,
    ]

    @Test(
        "[Int: String]: JSONDecoder's value in every policy where it succeeds; .strict throws its error otherwise",
        arguments: intKeyedDocuments)
    func intKeyedDictionaryParity(_ json: String) throws {
        let data = Data(json.utf8)
        expectParity([Int: String].self, from: data)
        expectObjectParity([Int: String].self, from: data)
        expectParity(Wrapped<[Int: String]>.self, json: #"{"m": \#(json)}"#)
        expectObjectParity(Wrapped<[Int: String]>.self, from: Data(#"{"m": \#(json)}"#.utf8))
        if let expected = try? JSONDecoder().decode([Int: String].self, from: data) {
            for input in InputKind.allCases {
                #expect(try Self.decode([Int: String].self, data, .permissive, input) == expected, "\(input)")
            }
        }
    }

    @Test(
        "Set<Int>: JSONDecoder's value in every policy on valid documents",
        arguments: [#"[3, 1, 2, 1]"#, "[]", #"[-0, 1e2]"#])
    func setParity(_ json: String) throws {
        let data = Data(json.utf8)
        expectParity(Set<Int>.self, from: data)
        expectObjectParity(Set<Int>.self, from: data)
        let expected = try JSONDecoder().decode(Set<Int>.self, from: data)
        for input in InputKind.allCases {
            #expect(try Self.decode(Set<Int>.self, data, .permissive, input) == expected, "\(input)")
        }
    }
}

// MARK: - Helpers

extension CollectionRuleTests {
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data, _ policy: Preset, _ input: InputKind) throws -> T {
        var report = LenientDecodingReport()
        return try decode(type, data, policy, input, report: &report)
    }

    static func decode<T: Decodable>(
        _ type: T.Type, _ data: Data, _ policy: Preset, _ input: InputKind,
        report: inout LenientDecodingReport
    ) throws -> T {
        let decoder = LenientJSONDecoder(policy: policy.policy)
        return try input.decode(type, from: data, with: decoder, report: &report)
    }

    /// `outcome` is a `DecodingError` of the case `foundation` (JSONDecoder on the same
    /// document) throws; JSONDecoder must throw.
    static func expectError<T, U>(
        _ outcome: Result<T, any Error>, likeJSONDecoderOn json: String, input: InputKind,
        sourceLocation: SourceLocation = #_sourceLocation, _ foundation: () throws -> U
    ) {
        guard case .failure(let error) = outcome else {
            Issue.record("\(input): expected an error for \(json), decoded \(outcome)", sourceLocation: sourceLocation)
            return
        }
        #expect(error is DecodingError, "\(input): \(error)", sourceLocation: sourceLocation)
        do {
            let value = try foundation()
            Issue.record("JSONDecoder decodes \(json) as \(value): the row is wrong", sourceLocation: sourceLocation)
        } catch let reference {
            #expect(
                ErrorInfo(error).kind == ErrorInfo(reference).kind,
                "\(input) \(json): \(error)\nJSONDecoder: \(reference)",
                sourceLocation: sourceLocation)
        }
    }
}
