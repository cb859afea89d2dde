// register(defaults:for:) (Mapping article): per-property defaults of one type, used where the key is
// missing, null or its value cannot be decoded, Optional properties included; under every
// policy, after the policy's own rules, winning over a fallback of the property's type and over
// .permissive's defaults; reported as usedDefault; a value of the wrong type is a DecodingError
// naming the registration.

import Foundation
import LenientJSON
import Testing

enum DefaultRole: String, Decodable, Sendable, Equatable {
    case admin, member
}

struct DefaultProfile: Decodable, Equatable {
    var name: String
    var role: DefaultRole
    var score: Int
    var nickname: String?
    var ratio: Double
}

/// Has a `score` too, but no defaults.
struct OtherScore: Decodable, Equatable {
    var score: Int
}

@Suite("register(defaults:for:)")
struct PropertyDefaultTests {
    static func decoder(_ preset: Preset) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: preset.policy)
        decoder.register(
            defaults: ["role": DefaultRole.member, "score": 7, "nickname": "none", "ratio": 1], for: DefaultProfile.self
        )
        return decoder
    }

    static let defaulted = DefaultProfile(name: "Ada", role: .member, score: 7, nickname: "none", ratio: 1)

    static let defaultedInputs = [
        #"{"name": "Ada"}"#,
        #"{"name": "Ada", "role": null, "score": null, "nickname": null, "ratio": null}"#,
        #"{"name": "Ada", "role": "boss", "score": "many", "nickname": {"a": 1}, "ratio": {}}"#,
    ]

    @Test(
        "missing, null and undecodable values take the property's default", arguments: Preset.allCases,
        InputKind.allCases)
    func defaults(preset: Preset, input: InputKind) throws {
        for json in Self.defaultedInputs {
            #expect(
                try input.decode(DefaultProfile.self, from: Data(json.utf8), with: Self.decoder(preset))
                    == Self.defaulted, "\(json)")
        }
    }

    @Test("values that decode are kept; the policy's own rules run first", arguments: InputKind.allCases)
    func kept(input: InputKind) throws {
        let json = #"{"name": "Ada", "role": "admin", "score": "12", "nickname": "Bo", "ratio": 0.5}"#
        let lenient = try input.decode(DefaultProfile.self, from: Data(json.utf8), with: Self.decoder(.lenient))
        #expect(lenient == DefaultProfile(name: "Ada", role: .admin, score: 12, nickname: "Bo", ratio: 0.5))
        let strict = try input.decode(DefaultProfile.self, from: Data(json.utf8), with: Self.decoder(.strict))
        #expect(strict.score == 7)  // no numeric-string rule under .strict: the default
    }

    @Test("a default wins over the type's fallback and over .permissive's default", arguments: InputKind.allCases)
    func precedence(input: InputKind) throws {
        let decoder = Self.decoder(.permissive)
        decoder.register(fallback: DefaultRole.admin)
        let profile = try input.decode(
            DefaultProfile.self, from: Data(#"{"name": "Ada", "role": "boss"}"#.utf8), with: decoder)
        #expect(profile == Self.defaulted)
    }

    @Test("defaults belong to their type")
    func ownType() {
        #expect(throws: DecodingError.self) { try Self.decoder(.strict).decode(OtherScore.self, from: Data("{}".utf8)) }
    }

    @Test("each default is reported as usedDefault", arguments: InputKind.allCases)
    func reported(input: InputKind) throws {
        var report = LenientDecodingReport()
        let json = #"{"name": "Ada", "role": "boss", "score": null, "ratio": 2}"#
        _ = try input.decode(DefaultProfile.self, from: Data(json.utf8), with: Self.decoder(.strict), report: &report)
        #expect(report.events.map(\.kind) == [.usedDefault, .usedDefault, .usedDefault])
        #expect(report.events.map(\.path) == ["$.role", "$.score", "$.nickname"])
        #expect(report.events.allSatisfy { $0.description.contains("registered default") })
    }

    @Test("a default of the wrong type is a DecodingError naming the registration", arguments: InputKind.allCases)
    func wrongType(input: InputKind) {
        let decoder = LenientJSONDecoder()
        decoder.register(defaults: ["score": "zero"], for: DefaultProfile.self)
        do {
            _ = try input.decode(
                DefaultProfile.self, from: Data(#"{"name": "Ada", "role": "admin", "ratio": 1}"#.utf8), with: decoder)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
            #expect(context.debugDescription.contains("DefaultProfile.score"))
            #expect(context.debugDescription.contains("register(defaults:for:)"))
            #expect(context.codingPath.map(\.stringValue) == ["score"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("where JSONDecoder succeeds, defaults change nothing", arguments: Preset.allCases)
    func parity(preset: Preset) throws {
        let data = Data(#"{"name": "Ada", "role": "admin", "score": 3, "nickname": null, "ratio": 2.5}"#.utf8)
        let expected = try JSONDecoder().decode(DefaultProfile.self, from: data)
        #expect(expected.nickname == nil)
        let decoded = try Self.decoder(preset).decode(DefaultProfile.self, from: data)
        #expect(decoded == DefaultProfile(name: "Ada", role: .admin, score: 3, nickname: "none", ratio: 2.5))
    }
}
