// The rule of normalized key matching (the DocC article "Key matching"): keys are
// compared with ASCII letters lowercased and only the word separators `_`, `-`, `.` and space
// removed; every other character is kept, and a key with no letter is matched exactly only, so
// GitHub's `+1` and `-1` are two keys. Each pair is decoded through `Data` and
// `decode(_:fromJSONObject:)`, in an object searched key by key and in one whose keys were
// already hashed (a respelled object read for several keys first), and `contains`, `allKeys`
// and the report agree with the lookup.

import Foundation
import LenientJSON
import Testing

@Suite("Normalized key matching: which spellings are one key")
struct KeyNormalizationRuleTests {
    /// A model key, a JSON key, and whether normalized matching takes one for the other.
    struct Pair: Sendable, CustomTestStringConvertible {
        var model: String
        var json: String
        var matches: Bool
        var testDescription: String { "\"\(model)\" \(matches ? "~" : "≁") \"\(json)\"" }
    }

    static let pairs: [Pair] = [
        // No letter: exact only.
        Pair(model: "+1", json: "-1", matches: false),
        Pair(model: "-1", json: "+1", matches: false),
        Pair(model: "1", json: "-1", matches: false),
        Pair(model: "-1", json: "1", matches: false),
        Pair(model: "1_000", json: "1000", matches: false),
        Pair(model: "€1", json: "€_1", matches: false),
        // Word separators removed, case folded.
        Pair(model: "a.b", json: "ab", matches: true),
        Pair(model: "ab", json: "a.b", matches: true),
        Pair(model: "first name", json: "firstName", matches: true),
        Pair(model: "firstName", json: "first name", matches: true),
        Pair(model: "firstName", json: "FIRST-NAME", matches: true),
        Pair(model: "firstName", json: "first_name", matches: true),
        Pair(model: "x1", json: "x_1", matches: true),
        Pair(model: "x_1", json: "X1", matches: true),
        Pair(model: "v2", json: "V-2", matches: true),
        Pair(model: "_id", json: "id", matches: true),
        // Other characters kept.
        Pair(model: "a+b", json: "ab", matches: false),
        Pair(model: "a+b", json: "A+B", matches: true),
        Pair(model: "user@id", json: "userid", matches: false),
        Pair(model: "$ref", json: "ref", matches: false),
        Pair(model: "plus+1", json: "plus-1", matches: false),
        // Letters outside ASCII: kept, compared as written.
        Pair(model: "prénom", json: "Pré_nom", matches: true),
        Pair(model: "prénom", json: "prenom", matches: false),
        Pair(model: "naïve", json: "nave", matches: false),
        Pair(model: "größe", json: "GRÖSSE", matches: false),
        Pair(model: "名前", json: "名_前", matches: true),
        Pair(model: "名前", json: "前", matches: false),
    ]

    /// A key made from any string.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static let modelKeyInfo = CodingUserInfoKey(rawValue: "modelKey")!
    static let warmUpInfo = CodingUserInfoKey(rawValue: "warmUp")!

    /// Reads the model key named in `userInfo` with `decodeIfPresent`, after two respelled
    /// keys when `warmUp` is set (so that the object's keys are hashed before the lookup), and
    /// what `contains` and `allKeys` say of it.
    struct Probe: Decodable {
        var value: String?
        var contains: Bool
        var listed: Bool

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let name = decoder.userInfo[KeyNormalizationRuleTests.modelKeyInfo] as? String ?? ""
            if decoder.userInfo[KeyNormalizationRuleTests.warmUpInfo] as? Bool == true {
                _ = try container.decode(Int.self, forKey: AnyKey("warmUpOne"))
                _ = try container.decode(Int.self, forKey: AnyKey("warmUpTwo"))
            }
            contains = container.contains(AnyKey(name))
            listed = container.allKeys.contains { $0.stringValue == name }
            value = try container.decodeIfPresent(String.self, forKey: AnyKey(name))
        }
    }

    @Test(
        "a model key matches a JSON key exactly when the rule says so",
        arguments: pairs, [false, true])
    func pair(_ pair: Pair, warmUp: Bool) throws {
        var members: [String: Any] = [pair.json: "found"]
        if warmUp {
            members["warm_up_one"] = 1
            members["warm_up_two"] = 2
        }
        let data = try JSONSerialization.data(withJSONObject: members, options: [.sortedKeys])
        for input in InputKind.allCases {
            let decoder = LenientJSONDecoder()
            decoder.userInfo = [Self.modelKeyInfo: pair.model, Self.warmUpInfo: warmUp]
            var report = LenientDecodingReport()
            let probe = try input.decode(Probe.self, from: data, with: decoder, report: &report)
            #expect(probe.value == (pair.matches ? "found" : nil), "\(input)")
            #expect(probe.contains == pair.matches, "contains, \(input)")
            // allKeys lists a JSON key as each Key that normalizes like it; AnyKey builds
            // every respelling it is asked for, so only a match can be listed as the model key.
            if !pair.matches { #expect(!probe.listed, "allKeys, \(input)") }
            let matched = report.events.filter {
                $0.kind == .matchedKey && $0.description.contains("to \"\(pair.model)\"")
            }
            #expect(matched.count == (pair.matches ? 1 : 0), "\(report.events), \(input)")
        }
    }

    // MARK: GitHub's reactions

    /// GitHub's `reactions` object, with the counts this model reads.
    struct Reactions: Decodable, Equatable {
        var totalCount: Int
        var plusOne: Int
        var minusOne: Int
        var laugh: Int
        enum CodingKeys: String, CodingKey, CaseIterable {
            case totalCount = "total_count", plusOne = "+1", minusOne = "-1", laugh
        }
    }

    struct OptionalReactions: Decodable, Equatable {
        var totalCount: Int
        var plusOne: Int?
        var minusOne: Int?
        var laugh: Int?
        enum CodingKeys: String, CodingKey, CaseIterable {
            case totalCount = "total_count", plusOne = "+1", minusOne = "-1", laugh
        }
    }

    /// A reactions object with `+1` and no `-1` (one respelled key first, `TOTAL_COUNT`, so
    /// that the object is searched through its key hashes too).
    static let reactionsWithoutMinusOne = """
        {"url": "https://api.github.com/repos/o/r/issues/1/reactions", "TOTAL_COUNT": 3, "+1": 3,
         "laugh": 0, "hooray": 0, "confused": 0, "heart": 0, "rocket": 0, "eyes": 0}
        """
    static let reactionsExact = """
        {"url": "https://api.github.com/repos/o/r/issues/1/reactions", "total_count": 3, "+1": 3,
         "laugh": 0, "hooray": 0, "confused": 0, "heart": 0, "rocket": 0, "eyes": 0}
        """

    /// The documents a preset reads: `.strict` matches keys exactly, so not `TOTAL_COUNT`.
    static func documents(_ preset: Preset) -> [String] {
        preset == .strict ? [reactionsExact] : [reactionsExact, reactionsWithoutMinusOne]
    }

    @Test(
        "a missing -1 is not filled from +1: keyNotFound for a non-Optional, as JSONDecoder",
        arguments: [Preset.strict, .lenient], InputKind.allCases)
    func missingMinusOneThrows(_ preset: Preset, _ input: InputKind) throws {
        for json in Self.documents(preset) {
            let data = Data(json.utf8)
            let lenient = Result {
                try input.decode(Reactions.self, from: data, with: LenientJSONDecoder(policy: preset.policy))
            }
            guard case .failure(let error) = lenient,
                case DecodingError.keyNotFound(let key, let context)? = error as? DecodingError
            else {
                Issue.record("expected keyNotFound, got \(lenient)")
                continue
            }
            #expect(key.stringValue == "-1")
            #expect(context.codingPath.isEmpty)
            // JSONDecoder, given the exact spelling of every other key, throws the same.
            let foundation = Result { try JSONDecoder().decode(Reactions.self, from: Data(Self.reactionsExact.utf8)) }
            guard case .failure(let expected) = foundation else {
                Issue.record("JSONDecoder decoded \(foundation)")
                continue
            }
            #expect(ErrorInfo(error) == ErrorInfo(expected))
        }
    }

    @Test(
        "a missing -1 is nil in an Optional, as JSONDecoder; +1 keeps its count",
        arguments: Preset.allCases, InputKind.allCases)
    func missingMinusOneIsNil(_ preset: Preset, _ input: InputKind) throws {
        let expected = try JSONDecoder().decode(OptionalReactions.self, from: Data(Self.reactionsExact.utf8))
        #expect(expected.minusOne == nil && expected.plusOne == 3)
        for json in Self.documents(preset) {
            let value = try input.decode(
                OptionalReactions.self, from: Data(json.utf8), with: LenientJSONDecoder(policy: preset.policy))
            #expect(value == expected)
        }
    }

    struct Votes: Codable, Equatable {
        var plusOne: Int
        var laughCount: Int
        enum CodingKeys: String, CodingKey { case plusOne = "+1", laughCount = "laugh_count" }
    }

    @Test("a merge patch's 1 does not patch +1; its LAUGH_COUNT patches laugh_count")
    func mergePatch() throws {
        var votes = Votes(plusOne: 3, laughCount: 1)
        try LenientJSONDecoder().update(&votes, from: Data(#"{"1": 9, "-1": 8, "LAUGH_COUNT": 2}"#.utf8))
        #expect(votes == Votes(plusOne: 3, laughCount: 2))
    }

    @Test("a -1 written as 1 fills neither +1 nor -1", arguments: InputKind.allCases)
    func bareOneMatchesNeither(_ input: InputKind) throws {
        let json = #"{"total_count": 2, "1": 2, "laugh": 0}"#
        let expected = try JSONDecoder().decode(OptionalReactions.self, from: Data(json.utf8))
        let value = try input.decode(OptionalReactions.self, from: Data(json.utf8), with: LenientJSONDecoder())
        #expect(value == expected)
        #expect(value.plusOne == nil && value.minusOne == nil)
    }
}
