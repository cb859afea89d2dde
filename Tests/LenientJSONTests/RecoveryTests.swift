// MissingNullAndInvalidValues article: missing, null and invalid values, for each preset and
// for each policy field on its
// own (custom `LenientPolicy` values with no coercions and exact keys, so only the field under
// test acts); recovery at the nearest enclosing Optional, collection element or defaultable
// value; defaults of nested types (their decode from `{}`); types with no default; `decodeNil`
// staying "JSON null only". Every case runs through `Data` and `decode(_:fromJSONObject:)`.

import Foundation
import LenientJSON
import Testing

@Suite("Missing, null and invalid values")
struct RecoveryTests {
    // MARK: Models

    struct Inner: Decodable, Equatable, Sendable {
        var x: Int
        var y: String?
    }

    struct Everything: Decodable, Equatable, Sendable {
        var count: Int
        var ratio: Double
        var name: String
        var flag: Bool
        var tags: [String]
        var map: [String: Int]
        var inner: Inner
    }

    struct OneInt: Decodable, Equatable, Sendable { var n: Int }
    struct OptionalInt: Decodable, Equatable, Sendable { var n: Int? }
    struct Ints: Decodable, Equatable, Sendable { var values: [Int] }
    struct IntMap: Decodable, Equatable, Sendable { var values: [String: Int] }
    struct Outer: Decodable, Equatable, Sendable { var inner: Inner }
    struct Inners: Decodable, Equatable, Sendable { var items: [Inner] }

    enum Color: String, Decodable, Sendable { case red, green }
    struct Paint: Decodable, Equatable, Sendable { var color: Color }
    struct MaybePaint: Decodable, Equatable, Sendable { var color: Color?; var name: String }
    struct Palette: Decodable, Equatable, Sendable { var paints: [Paint] }
    struct Wall: Decodable, Equatable, Sendable { var paint: Paint?; var name: String }

    /// A nested type whose own `init(from:)` gives a non-zero default from `{}`.
    struct Seven: Decodable, Equatable, Sendable {
        var z: Int
        init(z: Int) { self.z = z }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            z = try container.decodeIfPresent(Int.self, forKey: .z) ?? 7
        }
        enum CodingKeys: String, CodingKey { case z }
    }
    struct HasSeven: Decodable, Equatable, Sendable { var seven: Seven }

    struct Dated: Decodable, Equatable, Sendable { var date: Date }
    struct Linked: Decodable, Equatable, Sendable { var url: URL }
    struct Identified: Decodable, Equatable, Sendable { var id: UUID }
    struct HoldsDated: Decodable, Equatable, Sendable { var dated: Dated }
    struct MaybeDated: Decodable, Equatable, Sendable { var dated: Dated?; var name: String }

    // MARK: Policies

    /// The three presets and each policy field on its own.
    enum Policy: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case strict, lenient, permissive
        case missingUseDefault, invalidNilForOptionals, invalidRecover

        var policy: LenientPolicy {
            switch self {
            case .strict: return .strict
            case .lenient: return .lenient
            case .permissive: return .permissive
            case .missingUseDefault:
                return LenientPolicy(
                    coercions: [], keyMatching: .exact, missingValues: .useDefault, invalidValues: .throw)
            case .invalidNilForOptionals:
                return LenientPolicy(
                    coercions: [], keyMatching: .exact, missingValues: .throw, invalidValues: .nilForOptionals)
            case .invalidRecover:
                return LenientPolicy(coercions: [], keyMatching: .exact, missingValues: .throw, invalidValues: .recover)
            }
        }
        var usesDefaultsForMissing: Bool { policy.missingValues == .useDefault }
        var nilsOptionals: Bool { policy.invalidValues != .throw }
        var recovers: Bool { policy.invalidValues == .recover }
        var testDescription: String {
            switch self {
            case .strict, .lenient, .permissive: return "." + rawValue
            case .missingUseDefault: return "missingValues: .useDefault only"
            case .invalidNilForOptionals: return "invalidValues: .nilForOptionals only"
            case .invalidRecover: return "invalidValues: .recover only"
            }
        }
    }

    static let defaults = Everything(
        count: 0, ratio: 0, name: "", flag: false, tags: [], map: [:], inner: Inner(x: 0, y: nil))

    // MARK: The table, row by row

    @Test(
        "missing non-Optional: throw (keyNotFound), or the defaults under missingValues = .useDefault",
        arguments: Policy.allCases, InputKind.allCases)
    func missingNonOptional(_ policy: Policy, _ input: InputKind) throws {
        let outcome = Result { try Self.decode(Everything.self, "{}", policy, input) }
        if policy.usesDefaultsForMissing {
            #expect(try outcome.get() == Self.defaults)
        } else {
            Self.expectError(outcome, "keyNotFound", like: Everything.self, json: "{}")
        }
    }

    @Test(
        "null non-Optional: throw (valueNotFound), or the defaults under missingValues = .useDefault",
        arguments: Policy.allCases, InputKind.allCases)
    func nullNonOptional(_ policy: Policy, _ input: InputKind) throws {
        let json =
            #"{"count": null, "ratio": null, "name": null, "flag": null, "tags": null, "map": null, "inner": null}"#
        let outcome = Result { try Self.decode(Everything.self, json, policy, input) }
        if policy.usesDefaultsForMissing {
            #expect(try outcome.get() == Self.defaults)
        } else {
            Self.expectError(outcome, "valueNotFound", like: Everything.self, json: json)
        }
    }

    @Test(
        "each field on its own: missing and null take the default only under missingValues = .useDefault",
        arguments: ["count", "ratio", "name", "flag", "tags", "map", "inner"], Policy.allCases)
    func missingOrNullField(_ field: String, _ policy: Policy) throws {
        let full: [String: String] = [
            "count": "3", "ratio": "0.5", "name": #""n""#, "flag": "true", "tags": #"["t"]"#,
            "map": #"{"k": 1}"#, "inner": #"{"x": 1, "y": "why"}"#,
        ]
        for missing in [true, false] {
            let members = full.map { key, value in
                key == field ? (missing ? nil : #""\#(key)": null"#) : #""\#(key)": \#(value)"#
            }
            let json = "{" + members.compactMap { $0 }.joined(separator: ", ") + "}"
            let outcome = Result { try Self.decode(Everything.self, json, policy, .data) }
            if policy.usesDefaultsForMissing {
                var report = LenientDecodingReport()
                let value = try Self.decode(Everything.self, json, policy, .data, report: &report)
                let mirror = Mirror(reflecting: value).children.first { $0.label == field }!.value
                let expected = Mirror(reflecting: Self.defaults).children.first { $0.label == field }!.value
                #expect(String(describing: mirror) == String(describing: expected), "\(json)")
                #expect(report.events.map(\.kind) == [.usedDefault], "\(json): \(report.events)")
                #expect(report.events.first?.path == "$.\(field)")
            } else {
                // null: whatever JSONDecoder throws (valueNotFound, but typeMismatch for Bool).
                Self.expectError(outcome, missing ? "keyNotFound" : nil, like: Everything.self, json: json)
            }
        }
    }

    @Test(
        "uncoercible value in an Optional: nil unless invalidValues = .throw",
        arguments: [
            #"{"n": "abc"}"#, #"{"n": {}}"#, #"{"n": [1, 2]}"#, #"{"n": true}"#, #"{"n": 1.5}"#,
        ], Policy.allCases)
    func uncoercibleInOptional(_ json: String, _ policy: Policy) throws {
        if policy == .permissive && (json.contains("true") || json.contains("1.5")) {
            // Coercible in .permissive (true → 1, 1.5 → 1): see CoercionRuleTests.
            return
        }
        for input in InputKind.allCases {
            var report = LenientDecodingReport()
            let outcome = Result { try Self.decode(OptionalInt.self, json, policy, input, report: &report) }
            if policy.nilsOptionals {
                #expect(try outcome.get() == OptionalInt(n: nil), "\(input)")
                #expect(report.events.map(\.kind) == [.recoveredAsNil], "\(input): \(report.events)")
                #expect(report.events.first?.path == "$.n")
            } else {
                Self.expectError(outcome, nil, like: OptionalInt.self, json: json)
            }
        }
    }

    @Test(
        "uncoercible collection element: dropped only under invalidValues = .recover", arguments: Policy.allCases,
        InputKind.allCases)
    func uncoercibleCollectionElement(_ policy: Policy, _ input: InputKind) throws {
        let arrayJSON = #"{"values": [1, "x", 3, [], {}]}"#
        var report = LenientDecodingReport()
        let array = Result { try Self.decode(Ints.self, arrayJSON, policy, input, report: &report) }
        if policy.recovers {
            #expect(try array.get() == Ints(values: [1, 3]), "an element of [Int] is dropped, not defaulted")
            #expect(
                report.events.filter { $0.kind == .droppedElement }.map(\.path) == [
                    "$.values[1]", "$.values[3]", "$.values[4]",
                ],
                "\(report.events)")
        } else {
            Self.expectError(array, nil, like: Ints.self, json: arrayJSON)
        }

        let mapJSON = #"{"values": {"a": 1, "b": "x", "c": 3, "d": {}}}"#
        report = LenientDecodingReport()
        let map = Result { try Self.decode(IntMap.self, mapJSON, policy, input, report: &report) }
        if policy.recovers {
            #expect(try map.get() == IntMap(values: ["a": 1, "c": 3]))
            #expect(
                Set(report.events.filter { $0.kind == .droppedElement }.map(\.path)) == ["$.values.b", "$.values.d"],
                "\(report.events)")
        } else {
            Self.expectError(map, nil, like: IntMap.self, json: mapJSON)
        }

        let topJSON = #"[1, "x", 3]"#
        let top = Result { try Self.decode([Int].self, topJSON, policy, input) }
        if policy.recovers {
            #expect(try top.get() == [1, 3])
        } else {
            Self.expectError(top, nil, like: [Int].self, json: topJSON)
        }
    }

    @Test(
        "uncoercible non-Optional: the default only under invalidValues = .recover",
        arguments: [
            #"{"n": "abc"}"#, #"{"n": {}}"#, #"{"n": [1, 2]}"#,
        ], Policy.allCases)
    func uncoercibleNonOptional(_ json: String, _ policy: Policy) throws {
        for input in InputKind.allCases {
            var report = LenientDecodingReport()
            let outcome = Result { try Self.decode(OneInt.self, json, policy, input, report: &report) }
            if policy.recovers {
                #expect(try outcome.get() == OneInt(n: 0), "\(input)")
                #expect(report.events.map(\.kind) == [.usedDefault], "\(input): \(report.events)")
                #expect(report.events.first?.path == "$.n")
            } else {
                Self.expectError(outcome, nil, like: OneInt.self, json: json)
            }
        }
    }

    // MARK: Nearest enclosing recovery

    struct OptionalInts: Decodable, Equatable, Sendable { var values: [Int?] }

    @Test(
        "an Optional element is the nearest enclosing Optional: nil, not dropped", arguments: Policy.allCases,
        InputKind.allCases)
    func optionalElement(_ policy: Policy, _ input: InputKind) throws {
        let json = #"{"values": [1, "x", null, {}]}"#
        let outcome = Result { try Self.decode(OptionalInts.self, json, policy, input) }
        if policy.nilsOptionals {
            #expect(try outcome.get() == OptionalInts(values: [1, nil, nil, nil]))
        } else {
            Self.expectError(outcome, nil, like: OptionalInts.self, json: json)
        }
    }

    @Test("a bad field of a nested struct is defaulted, so the struct survives", arguments: InputKind.allCases)
    func nestedFieldDefaulted(_ input: InputKind) throws {
        var report = LenientDecodingReport()
        let outer = try Self.decode(
            Outer.self, #"{"inner": {"x": "bad", "y": "keep"}}"#, .permissive, input, report: &report)
        #expect(outer == Outer(inner: Inner(x: 0, y: "keep")))
        #expect(report.events.map(\.kind) == [.usedDefault], "\(report.events)")
        #expect(report.events.first?.path == "$.inner.x")

        // In an array, the element survives with its field defaulted: not dropped.
        report = LenientDecodingReport()
        let items = try Self.decode(
            Inners.self, #"{"items": [{"x": "bad", "y": "a"}, {"x": 2}]}"#, .permissive, input, report: &report)
        #expect(items == Inners(items: [Inner(x: 0, y: "a"), Inner(x: 2, y: nil)]))
        #expect(report.events.map(\.kind) == [.usedDefault], "\(report.events)")
        #expect(report.events.first?.path == "$.items[0].x")
    }

    @Test(
        "an unknown enum case inside an Optional becomes nil, not a failed decode", arguments: Policy.allCases,
        InputKind.allCases)
    func unknownEnumCaseInOptional(_ policy: Policy, _ input: InputKind) throws {
        let json = #"{"color": "purple", "name": "hall"}"#
        let outcome = Result { try Self.decode(MaybePaint.self, json, policy, input) }
        if policy.nilsOptionals {
            #expect(try outcome.get() == MaybePaint(color: nil, name: "hall"))
        } else {
            Self.expectError(outcome, "dataCorrupted", like: MaybePaint.self, json: json)
        }
        // One level up: the enum has no default, so the enclosing Optional struct becomes nil…
        let wallJSON = #"{"paint": {"color": "purple"}, "name": "hall"}"#
        let wall = Result { try Self.decode(Wall.self, wallJSON, policy, input) }
        if policy.nilsOptionals {
            #expect(try wall.get() == Wall(paint: nil, name: "hall"))
        } else {
            Self.expectError(wall, "dataCorrupted", like: Wall.self, json: wallJSON)
        }
        // …and the enclosing array element is dropped.
        let paletteJSON = #"{"paints": [{"color": "purple"}, {"color": "green"}]}"#
        let palette = Result { try Self.decode(Palette.self, paletteJSON, policy, input) }
        if policy.recovers {
            #expect(try palette.get() == Palette(paints: [Paint(color: .green)]))
        } else {
            Self.expectError(palette, "dataCorrupted", like: Palette.self, json: paletteJSON)
        }
    }

    // MARK: Defaults of nested types

    @Test(
        "a nested type's default is its decode from {}",
        arguments: [#"{}"#, #"{"inner": null}"#, #"{"inner": 5}"#, #"{"inner": "x"}"#], InputKind.allCases)
    func nestedDefaultIsDecodeFromEmptyObject(_ json: String, _ input: InputKind) throws {
        let expected = try JSONDecoder().decode(Inner.self, from: Data(#"{"x": 0}"#.utf8))
        #expect(try Self.decode(Outer.self, json, .permissive, input) == Outer(inner: expected))
        let sevenJSON = json.replacingOccurrences(of: "inner", with: "seven")
        let seven = try JSONDecoder().decode(Seven.self, from: Data("{}".utf8))
        #expect(seven == Seven(z: 7))
        #expect(try Self.decode(HasSeven.self, sevenJSON, .permissive, input) == HasSeven(seven: seven))
    }

    struct NoDefaultCase: Sendable, CustomTestStringConvertible {
        var json: String
        var decode: @Sendable (LenientJSONDecoder, Data, InputKind) throws -> Void
        var testDescription: String
    }

    static func noDefault<T: Decodable & Sendable>(_ type: T.Type, _ json: String) -> NoDefaultCase {
        NoDefaultCase(
            json: json,
            decode: { decoder, data, input in
                _ = try input.decode(T.self, from: data, with: decoder)
            }, testDescription: "\(json) as \(T.self)")
    }

    static let noDefaults: [NoDefaultCase] = [
        noDefault(Dated.self, "{}"),
        noDefault(Dated.self, #"{"date": null}"#),
        noDefault(Dated.self, #"{"date": "not a date"}"#),
        noDefault(Linked.self, "{}"),
        noDefault(Linked.self, #"{"url": null}"#),
        noDefault(Linked.self, #"{"url": ""}"#),
        noDefault(Identified.self, #"{"id": "not a uuid"}"#),
        noDefault(HoldsDated.self, "{}"),
        noDefault(HoldsDated.self, #"{"dated": {}}"#),
        noDefault(HoldsDated.self, #"{"dated": null}"#),
        noDefault(Paint.self, "{}"),
        noDefault(Paint.self, #"{"color": "purple"}"#),
    ]

    @Test(
        "types without a default (Date, URL, UUID, enum, nested type whose {} decode fails) still throw in .permissive",
        arguments: noDefaults, InputKind.allCases)
    func typesWithoutDefaultThrow(_ testCase: NoDefaultCase, _ input: InputKind) {
        #expect(throws: DecodingError.self) {
            try testCase.decode(LenientJSONDecoder(policy: .permissive), Data(testCase.json.utf8), input)
        }
    }

    @Test("…but an enclosing Optional of such a type still recovers to nil", arguments: InputKind.allCases)
    func noDefaultInsideOptional(_ input: InputKind) throws {
        #expect(
            try Self.decode(MaybeDated.self, #"{"dated": {}, "name": "n"}"#, .permissive, input)
                == MaybeDated(dated: nil, name: "n"))
        #expect(
            try Self.decode(MaybeDated.self, #"{"dated": {}, "name": "n"}"#, .lenient, input)
                == MaybeDated(dated: nil, name: "n"))
    }

    // MARK: decodeNil stays JSON null only

    struct NilProbe: Decodable, Equatable, Sendable {
        var keyed: [String: Bool]
        var unkeyed: [Bool]
        var single: Bool

        enum CodingKeys: String, CodingKey { case empty, blank, zero, null, list, one }

        init(keyed: [String: Bool], unkeyed: [Bool], single: Bool) {
            self.keyed = keyed
            self.unkeyed = unkeyed
            self.single = single
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            keyed = [:]
            for key in [CodingKeys.empty, .blank, .zero, .null] {
                keyed[key.stringValue] = try container.decodeNil(forKey: key)
            }
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            unkeyed = []
            while !list.isAtEnd {
                let isNil = try list.decodeNil()
                unkeyed.append(isNil)
                if !isNil { _ = try list.decode(String.self) }
            }
            single = try container.decode(SingleNil.self, forKey: .one).isNil
        }
    }

    struct SingleNil: Decodable {
        var isNil: Bool
        init(from decoder: any Decoder) throws {
            isNil = try decoder.singleValueContainer().decodeNil()
        }
    }

    @Test("decodeNil is true for JSON null only, in every policy", arguments: Policy.allCases, InputKind.allCases)
    func decodeNilIsNullOnly(_ policy: Policy, _ input: InputKind) throws {
        let json = #"{"empty": "", "blank": "  ", "zero": 0, "null": null, "list": ["", null, " "], "one": ""}"#
        let expected = NilProbe(
            keyed: ["empty": false, "blank": false, "zero": false, "null": true], unkeyed: [false, true, false],
            single: false)
        #expect(try JSONDecoder().decode(NilProbe.self, from: Data(json.utf8)) == expected)
        #expect(try Self.decode(NilProbe.self, json, policy, input) == expected)
    }
}

// MARK: - Helpers

extension RecoveryTests {
    static func decode<T: Decodable>(_ type: T.Type, _ json: String, _ policy: Policy, _ input: InputKind) throws -> T {
        var report = LenientDecodingReport()
        return try decode(type, json, policy, input, report: &report)
    }

    static func decode<T: Decodable>(
        _ type: T.Type, _ json: String, _ policy: Policy, _ input: InputKind,
        report: inout LenientDecodingReport
    ) throws -> T {
        let decoder = LenientJSONDecoder(policy: policy.policy)
        let data = Data(json.utf8)
        return try input.decode(type, from: data, with: decoder, report: &report)
    }

    static func errorCase(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch?: return "typeMismatch"
        case .valueNotFound?: return "valueNotFound"
        case .keyNotFound?: return "keyNotFound"
        case .dataCorrupted?: return "dataCorrupted"
        default: return "not a DecodingError"
        }
    }

    /// A `DecodingError` of `kind` (if given), of the case JSONDecoder throws on the same input
    /// when JSONDecoder throws too.
    static func expectError<T, M: Decodable>(
        _ outcome: Result<T, any Error>, _ kind: String?, like model: M.Type, json: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard case .failure(let error) = outcome else {
            Issue.record("expected an error, decoded \(outcome)", sourceLocation: sourceLocation)
            return
        }
        #expect(error is DecodingError, "\(error)", sourceLocation: sourceLocation)
        if let kind {
            #expect(errorCase(error) == kind, "\(error)", sourceLocation: sourceLocation)
        } else if case .failure(let foundation) = Result(catching: {
            try JSONDecoder().decode(M.self, from: Data(json.utf8))
        }) {
            #expect(
                errorCase(error) == errorCase(foundation), "\(error) vs JSONDecoder's \(foundation)",
                sourceLocation: sourceLocation)
        }
    }
}
