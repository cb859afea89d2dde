// register(aliases:for:) (Mapping article): extra JSON names per property key, matched as written, tried
// after the exact name and before normalized matching, under every policy, reported as
// `matchedKey`; `contains`, `allKeys` and `decodeIfPresent` agree. For an enum with String raw
// values: extra raw values per case. Registrations belong to one decoder.

import Foundation
import LenientJSON
import Testing

struct AliasPlace: Decodable, Equatable {
    var zipCode: String
    var id: Int
    var note: String?
}

/// A respelled key (`ID`) read before the aliased one.
struct AliasOrder: Decodable, Equatable {
    var id: Int
    var zipCode: String
}

/// Three respelled keys read before the aliased one: by then the object's normalized key index
/// answers lookups (Keys/IndexedKeyLookup.swift), and it must not skip the alias.
struct AliasPerson: Decodable, Equatable {
    var firstName: String
    var lastName: String
    var age: Int
    var name: String
}

enum AliasLevel: String, Decodable, Equatable {
    case warning, error, info
}

/// Records what its keyed container answers for the aliased key.
struct AliasProbe: Decodable {
    var contained: Bool
    var allKeys: [String]
    var zipCode: String?

    enum CodingKeys: String, CodingKey { case zipCode, id }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contained = container.contains(.zipCode)
        allKeys = container.allKeys.map(\.stringValue)
        zipCode = try container.decodeIfPresent(String.self, forKey: .zipCode)
    }
}

@Suite("register(aliases:for:)")
struct AliasTests {
    static func decoder(_ preset: Preset) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: preset.policy)
        decoder.register(aliases: ["zipCode": ["zip", "postal_code"], "id": ["objectID"]], for: AliasPlace.self)
        decoder.register(aliases: ["warning": ["WARN", "warn"]], for: AliasLevel.self)
        return decoder
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var json: String
        var expected: String
        var testDescription: String { json }
    }

    /// Which member fills `zipCode`: the exact key, then the aliases in the order registered,
    /// then (lenient) normalized matching.
    static let choices: [Case] = [
        Case(json: #"{"zip": "Z", "objectID": 7}"#, expected: "Z"),
        Case(json: #"{"postal_code": "P", "id": 7}"#, expected: "P"),
        Case(json: #"{"zipCode": "E", "zip": "Z", "id": 7}"#, expected: "E"),
        Case(json: #"{"postal_code": "P", "zip": "Z", "id": 7}"#, expected: "Z"),
        Case(json: #"{"zip_code": "N", "zip": "Z", "id": 7}"#, expected: "Z"),
    ]

    @Test(
        "an alias is tried after the exact key and before normalized matching", arguments: Preset.allCases,
        InputKind.allCases)
    func aliasOrder(preset: Preset, input: InputKind) throws {
        for choice in Self.choices {
            let place = try input.decode(AliasPlace.self, from: Data(choice.json.utf8), with: Self.decoder(preset))
            #expect(place.zipCode == choice.expected, "\(choice.json)")
            #expect(place.id == 7)
        }
    }

    @Test(
        "an alias comes before normalized matching in an object whose keys are respelled", arguments: InputKind.allCases
    )
    func aliasOrderInRespelledObject(input: InputKind) throws {
        let decoder = Self.decoder(.lenient)
        decoder.register(aliases: ["zipCode": ["zip"]], for: AliasOrder.self)
        let json = #"[{"ID": 1, "zip_code": "N1", "zip": "Z1"}, {"Id": 2, "zip": "Z2", "ZipCode": "N2"}]"#
        let orders = try input.decode([AliasOrder].self, from: Data(json.utf8), with: decoder)
        #expect(orders == [AliasOrder(id: 1, zipCode: "Z1"), AliasOrder(id: 2, zipCode: "Z2")])
    }

    @Test("an alias comes before normalized matching after several respelled keys", arguments: InputKind.allCases)
    func aliasAfterRespelledKeys(input: InputKind) throws {
        let decoder = Self.decoder(.lenient)
        decoder.register(aliases: ["name": ["display"]], for: AliasPerson.self)
        let json =
            #"""
            {"first_name": "Ada", "last_name": "Lovelace", "AGE": 36, "Name": "by normalization", "display": "by a\#
            lias"}
            """#
        let person = try input.decode(AliasPerson.self, from: Data(json.utf8), with: decoder)
        #expect(person == AliasPerson(firstName: "Ada", lastName: "Lovelace", age: 36, name: "by alias"))
    }

    @Test("an alias match is reported as matchedKey at the input's key", arguments: InputKind.allCases)
    func reported(input: InputKind) throws {
        var report = LenientDecodingReport()
        let json = #"{"id": 1, "zip": "94015"}"#
        _ = try input.decode(AliasPlace.self, from: Data(json.utf8), with: Self.decoder(.strict), report: &report)
        let events = report.events.filter { $0.kind == .matchedKey }
        #expect(events.map(\.path) == ["$.zip"])
        #expect(events.first?.description.contains("registered alias") == true)
        #expect(events.first?.line == (input == .data ? 1 : nil))
    }

    @Test("contains, allKeys and decodeIfPresent agree with an alias", arguments: Preset.allCases, InputKind.allCases)
    func agreement(preset: Preset, input: InputKind) throws {
        let decoder = Self.decoder(preset)
        decoder.register(aliases: ["zipCode": ["zip", "postal_code"]], for: AliasProbe.self)
        let probe = try input.decode(AliasProbe.self, from: Data(#"{"postal_code": "P"}"#.utf8), with: decoder)
        #expect(probe.contained)
        #expect(probe.allKeys == ["zipCode"])
        #expect(probe.zipCode == "P")
    }

    @Test("an Optional property is found through its alias", arguments: InputKind.allCases)
    func optionalProperty(input: InputKind) throws {
        let decoder = Self.decoder(.strict)
        decoder.register(aliases: ["note": ["remark"]], for: AliasPlace.self)
        let place = try input.decode(
            AliasPlace.self, from: Data(#"{"zip": "1", "id": 2, "remark": "r"}"#.utf8), with: decoder)
        #expect(place == AliasPlace(zipCode: "1", id: 2, note: "r"))
    }

    @Test("extra raw values of an enum with String raw values", arguments: Preset.allCases, InputKind.allCases)
    func enumRawValues(preset: Preset, input: InputKind) throws {
        var report = LenientDecodingReport()
        let json = #"["WARN", "warn", "warning", "error"]"#
        let levels = try input.decode(
            [AliasLevel].self, from: Data(json.utf8), with: Self.decoder(preset), report: &report)
        #expect(levels == [.warning, .warning, .warning, .error])
        // A raw-value alias coerces the value (rule enum.alias); it matches no key.
        #expect(report.events.filter { $0.rule == .enumAlias }.map(\.path) == ["$[0]", "$[1]"])
        #expect(report.events.filter { $0.rule == .enumAlias }.allSatisfy { $0.kind == .coerced })
    }

    @Test("registrations belong to the decoder they were made on", arguments: InputKind.allCases)
    func perDecoder(input: InputKind) {
        #expect(throws: DecodingError.self) {
            try input.decode(
                AliasPlace.self, from: Data(#"{"zip": "Z", "objectID": 7}"#.utf8),
                with: LenientJSONDecoder(policy: .strict))
        }
        #expect(throws: DecodingError.self) {
            try input.decode(AliasLevel.self, from: Data(#""WARN""#.utf8), with: LenientJSONDecoder())
        }
    }

    @Test("where JSONDecoder succeeds, aliases change nothing", arguments: Preset.allCases)
    func parity(preset: Preset) throws {
        let data = Data(#"{"zipCode": "94015", "id": 3, "zip": "other", "note": null}"#.utf8)
        let expected = try JSONDecoder().decode(AliasPlace.self, from: data)
        #expect(try Self.decoder(preset).decode(AliasPlace.self, from: data) == expected)
        let levels = Data(#"["warning", "info"]"#.utf8)
        #expect(
            try Self.decoder(preset).decode([AliasLevel].self, from: levels)
                == JSONDecoder().decode([AliasLevel].self, from: levels))
    }
}
