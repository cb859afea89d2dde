// register(fallback:) (Mapping article): the value a type takes wherever one is missing, null or cannot
// be decoded, at any depth, in arrays, dictionaries and Optionals (in an Optional only a value
// that cannot be decoded: null and a missing key stay nil), under every policy, after the
// policy's own rules, winning over .permissive's defaults and over dropping; reported as
// usedDefault. Invalid JSON is never replaced. Hand-written any-JSON types keep JSONDecoder's
// pick with registrations present.

import Foundation
import LenientJSON
import Testing

enum FallbackKind: String, Codable, Sendable, Equatable {
    case photo, video, unknown
}

struct FallbackPost: Decodable, Equatable {
    var kind: FallbackKind
    var kinds: [FallbackKind]
    var byName: [String: FallbackKind]
    var maybe: FallbackKind?
    var nested: [[FallbackKind]]?
}

struct FallbackCounter: Decodable, Equatable {
    var count: Int
}

@Suite("register(fallback:)")
struct FallbackTests {
    static func decoder(_ preset: Preset) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: preset.policy)
        decoder.register(fallback: FallbackKind.unknown)
        return decoder
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var json: String
        var kind: FallbackKind
        var kinds: [FallbackKind]
        var byName: [String: FallbackKind]
        var maybe: FallbackKind?
        var nested: [[FallbackKind]]? = nil
        var testDescription: String { json }
    }

    static let cases: [Case] = [
        Case(
            json:
                #"""
                {"kind": "hologram", "kinds": ["photo", "hologram"], "byName": {"a": "x", "b": "video"}\#
                , "maybe": "bogus"}
                """#,
            kind: .unknown, kinds: [.photo, .unknown], byName: ["a": .unknown, "b": .video], maybe: .unknown),
        Case(json: #"{"kinds": [], "byName": {}}"#, kind: .unknown, kinds: [], byName: [:], maybe: nil),
        Case(
            json: #"{"kind": null, "kinds": [null, 3], "byName": {"n": null}, "maybe": null}"#,
            kind: .unknown, kinds: [.unknown, .unknown], byName: ["n": .unknown], maybe: nil),
        Case(
            json: #"{"kind": {}, "kinds": [[]], "byName": {}, "maybe": 12, "nested": [["video", "3d"], []]}"#,
            kind: .unknown, kinds: [.unknown], byName: [:], maybe: .unknown, nested: [[.video, .unknown], []]),
    ]

    @Test(
        "missing, null and undecodable values take the fallback, at any depth", arguments: Preset.allCases,
        InputKind.allCases)
    func fallback(preset: Preset, input: InputKind) throws {
        for item in Self.cases {
            let post = try input.decode(FallbackPost.self, from: Data(item.json.utf8), with: Self.decoder(preset))
            #expect(
                post
                    == FallbackPost(
                        kind: item.kind, kinds: item.kinds, byName: item.byName, maybe: item.maybe,
                        nested: item.nested),
                "\(item.json)")
        }
    }

    @Test("each fallback is reported as usedDefault", arguments: InputKind.allCases)
    func reported(input: InputKind) throws {
        var report = LenientDecodingReport()
        let json = #"{"kinds": ["photo", "hologram"], "byName": {}, "maybe": null}"#
        _ = try input.decode(FallbackPost.self, from: Data(json.utf8), with: Self.decoder(.strict), report: &report)
        #expect(report.events.map(\.kind) == [.usedDefault, .usedDefault])
        #expect(Set(report.events.map(\.path)) == ["$.kind", "$.kinds[1]"])
        #expect(report.events.allSatisfy { $0.description.contains("registered fallback") })
    }

    @Test(
        "the policy's own rules run first; the fallback wins over .permissive's defaults", arguments: InputKind.allCases
    )
    func order(input: InputKind) throws {
        let table: [(Preset, String, Int)] = [
            (.lenient, #"{"count": "42"}"#, 42),  // the numeric-string rule reads it
            (.strict, #"{"count": "42"}"#, -1),  // no rule under .strict: the fallback
            (.permissive, #"{"count": "abc"}"#, -1),  // not .permissive's 0
            (.permissive, #"{}"#, -1),
            (.permissive, #"{"count": null}"#, -1),
            (.permissive, #"{"count": 1.5}"#, 1),  // .permissive truncates first
        ]
        for (preset, json, expected) in table {
            let decoder = LenientJSONDecoder(policy: preset.policy)
            decoder.register(fallback: -1)
            #expect(
                try input.decode(FallbackCounter.self, from: Data(json.utf8), with: decoder).count == expected,
                "\(preset) \(json)")
            #expect(
                try input.decode([Int].self, from: Data("[1, \"x\", 3]".utf8), with: decoder) == [1, -1, 3],
                "not dropped under \(preset)")
        }
    }

    @Test("with more than eight registered types", arguments: InputKind.allCases)
    func manyRegistrations(input: InputKind) throws {
        let decoder = Self.decoder(.strict)
        decoder.register(fallback: Int8(-8))
        decoder.register(fallback: Int16(-16))
        decoder.register(fallback: Int32(-32))
        decoder.register(fallback: UInt8(8))
        decoder.register(fallback: UInt16(16))
        decoder.register(fallback: UInt32(32))
        decoder.register(fallback: Float(-1))
        decoder.register(fallback: Decimal(-1))
        decoder.register(fallback: -1)
        let json = #"{"kind": "hologram", "kinds": ["x"], "byName": {}}"#
        let post = try input.decode(FallbackPost.self, from: Data(json.utf8), with: decoder)
        #expect(post == FallbackPost(kind: .unknown, kinds: [.unknown], byName: [:], maybe: nil, nested: nil))
        #expect(try input.decode([Int32].self, from: Data(#"[1, "x"]"#.utf8), with: decoder) == [1, -32])
    }

    @Test("where JSONDecoder succeeds, a fallback changes nothing", arguments: Preset.allCases)
    func parity(preset: Preset) throws {
        let data = Data(
            #"{"kind": "video", "kinds": ["photo"], "byName": {"a": "photo"}, "maybe": null, "nested": [["video"]]}"#
                .utf8)
        #expect(
            try Self.decoder(preset).decode(FallbackPost.self, from: data)
                == JSONDecoder().decode(FallbackPost.self, from: data))
    }

    @Test("invalid JSON is never replaced by a fallback")
    func invalidJSON() {
        let decoder = LenientJSONDecoder(policy: .permissive)
        decoder.register(fallback: -1)
        #expect(throws: DecodingError.self) {
            try decoder.decode(FallbackCounter.self, from: Data(#"{"count": 1.}"#.utf8))
        }
        #expect(throws: DecodingError.self) { try decoder.decode([Int].self, from: Data(#"[1, "\q"]"#.utf8)) }
    }

    /// Any-JSON types pick their alternative by which `try?` succeeds: registrations for other
    /// types, and for the types they try, leave JSONDecoder's pick alone.
    @Test(
        "any-JSON types keep JSONDecoder's pick with registrations present",
        arguments: [
            #"[1, "1", true, 1.5, null, "photo", "hologram", {"a": [0, "x"]}, [], {}]"#,
            #"{"kind": "WARN", "n": "12", "b": "yes", "d": 2.50}"#,
        ])
    func anyJSON(json: String) throws {
        let data = Data(json.utf8)
        for preset in Preset.allCases {
            let decoder = Self.decoder(preset)
            decoder.register(aliases: ["photo": ["PHOTO"]], for: FallbackKind.self)
            decoder.register(fallback: -1)
            decoder.register(defaults: ["count": 5], for: FallbackCounter.self)
            let expected = try JSONDecoder().decode(AnyCodableValue.self, from: data)
            #expect(try decoder.decode(AnyCodableValue.self, from: data) == expected, "\(preset)")
            let tree = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            #expect(
                try decoder.decode(AnyCodableValue.self, fromJSONObject: tree) == expected, "\(preset) fromJSONObject")
        }
    }
}
