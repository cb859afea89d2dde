// The standard corpora made messy with lossless lenient rules only (see
// Support/Corpus/MessyCorpus.swift): key respelling (KeyMatching article), numbers as numeric strings and
// booleans spelled as `"yes"`, `1`, `"on"`…, one-element arrays unwrapped (CoercionRules article). JSONDecoder
// fails on them; the default LenientJSONDecoder must decode each to exactly the value
// JSONDecoder decodes from the original, and report only coercions and key matches.

import Foundation
import LenientJSON
import Testing

@Suite("Messy corpus")
struct MessyCorpusTests {
    static let seeds: [UInt64] = [1, 0x2A, 0xC0FF_EE00_D15E_A5E5]

    /// The rewrite kinds each corpus has places for.
    static func expectedKinds(_ corpus: CorpusName) -> Set<MessyRewrite> {
        switch corpus {
        case .twitter: Set(MessyRewrite.allCases)
        case .canada, .citmCatalog: [.keySpelling, .numberAsString, .arrayUnwrap]  // no Bool fields
        }
    }

    @Test(
        "the transform rewrites every kind the corpus has, a fraction of places, deterministically",
        arguments: CorpusName.allCases, seeds)
    func transformRewrites(_ corpus: CorpusName, seed: UInt64) throws {
        let messy = try corpus.messy(seed: seed)
        let original = corpus.data
        #expect(messy.data != original)
        #expect(try JSONSerialization.jsonObject(with: messy.data) is [String: Any], "messy \(corpus) is not JSON")
        for kind in MessyRewrite.allCases {
            let rewrites = messy.rewrites[kind, default: 0]
            let eligible = messy.eligible[kind, default: 0]
            if Self.expectedKinds(corpus).contains(kind) {
                #expect(rewrites > 0, "\(corpus) seed \(seed): no \(kind) rewrite (\(eligible) eligible)")
            } else {
                #expect(eligible == 0, "\(corpus) has \(eligible) places for \(kind)")
            }
            #expect(rewrites <= eligible)
            if eligible >= 1000 {
                // A random fraction (0.4), not all or nothing.
                let share = Double(rewrites) / Double(eligible)
                #expect(share > 0.3 && share < 0.5, "\(corpus) \(kind): \(rewrites) of \(eligible)")
            }
        }
        #expect(try corpus.messy(seed: seed).data == messy.data, "same seed, different output")
        #expect(try corpus.messy(seed: seed &+ 1).data != messy.data, "different seeds, same output")
    }

    @Test("key variants keep the normalized form and differ from the key")
    func keyVariants() {
        let variants = MessyCorpus.keyVariants("screen_name")
        #expect(Set(variants).isSuperset(of: ["screenName", "ScreenName", "SCREEN-NAME", "screen name"]))
        #expect(!variants.contains("screen_name"))
        for key in ["screen_name", "seatCategoryId", "id", "w", "profile_background_image_url_https"] {
            let variants = MessyCorpus.keyVariants(key)
            #expect(!variants.isEmpty)
            for variant in variants {
                #expect(variant != key)
                #expect(MessyCorpus.normalizedKey(variant) == MessyCorpus.normalizedKey(key))
            }
        }
    }

    @Test("the transform leaves dictionary keys, strings and untyped positions alone")
    func transformIsSchemaDriven() throws {
        let schema = MessySchema.object([
            "names": .dictionary(.number),
            "label": .string,
            "flag": .bool,
            "items": .array(.number),
        ])
        let json =
            #"{"names": {"first_name": 1}, "label": 42, "flag": true, "items": [7], "extra": [true], "other_key": 5}"#
        var all = try MessyCorpus.make(from: Data(json.utf8), schema: schema, seed: 9, fraction: 1)
        let text = String(decoding: all.data, as: UTF8.self)
        #expect(text.contains(#"{"first_name": "1"}"#), "\(text)")
        #expect(text.contains(": 42,"), "\(text)")
        #expect(text.contains(#"[true], "other_key": 5}"#), "\(text)")
        #expect(!text.contains("\"flag\": true"), "\(text)")
        #expect(text.contains(#": "7","#), "\(text)")  // unwrapped, then a numeric string
        #expect(all.rewrites == [.keySpelling: 4, .numberAsString: 2, .boolSpelling: 1, .arrayUnwrap: 1])

        all = try MessyCorpus.make(
            from: Data(#"{"id": 1, "ID": 2}"#.utf8), schema: .object(["id": .number]), seed: 3, fraction: 1)
        #expect(all.rewrites[.keySpelling] == nil, "respelled a key that another key normalizes alike")
    }

    @Test("JSONDecoder fails on the messy corpus", arguments: CorpusName.allCases, seeds)
    func jsonDecoderFails(_ corpus: CorpusName, seed: UInt64) throws {
        try corpus.accept(JSONDecoderFails(seed: seed))
    }

    @Test(
        "The messy corpus decodes to JSONDecoder's value of the original, reporting only coercions and key matches",
        arguments: CorpusName.allCases, seeds)
    func lenientDecodesMessyCorpus(_ corpus: CorpusName, seed: UInt64) throws {
        try corpus.accept(LenientDecodesMessy(seed: seed))
    }
}

// MARK: - Checks

private struct JSONDecoderFails: CorpusModelVisitor {
    let seed: UInt64

    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws {
        let messy = try corpus.messy(seed: seed)
        #expect(throws: DecodingError.self, "JSONDecoder on messy \(corpus) (seed \(seed))") {
            try JSONDecoder().decode(Model.self, from: messy.data)
        }
    }
}

private struct LenientDecodesMessy: CorpusModelVisitor {
    let seed: UInt64

    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws {
        let expected = try JSONDecoder().decode(Model.self, from: corpus.data)
        let messy = try corpus.messy(seed: seed)
        let context =
            "messy \(corpus) (seed \(seed), rewrites \(messy.rewrites.sorted { $0.key.rawValue < $1.key.rawValue }))"

        do {
            let actual = try LenientJSONDecoder().decode(Model.self, from: messy.data)
            expectEqualModels(actual, expected, context)
        } catch {
            Issue.record("LenientJSONDecoder() threw on \(context): \(error)")
        }

        let reportContext = "\(context), with a report"
        var report = LenientDecodingReport()
        do {
            let actual = try LenientJSONDecoder().decode(Model.self, from: messy.data, report: &report)
            expectEqualModels(actual, expected, reportContext)
        } catch {
            Issue.record("LenientJSONDecoder() with a report threw on \(reportContext): \(error)")
            return
        }
        #expect(!report.events.isEmpty, "no report events on \(reportContext)")
        let unexpected = report.events.filter { $0.kind != .coerced && $0.kind != .matchedKey }
        #expect(unexpected.isEmpty, "\(reportContext): \(unexpected.prefix(5).map(\.description))")
        // One event per rule that changed the outcome (TheReport article): one per respelled key, one per
        // coerced value (a numeric string, a Bool spelling, a wrapped single value).
        let matchedKeys = report.events.count { $0.kind == .matchedKey }
        let coerced = report.events.count { $0.kind == .coerced }
        #expect(matchedKeys == messy.rewrites[.keySpelling, default: 0], "\(reportContext): matchedKey events")
        let coercions =
            messy.rewrites[.numberAsString, default: 0] + messy.rewrites[.boolSpelling, default: 0]
            + messy.rewrites[.arrayUnwrap, default: 0]
        #expect(coerced == coercions, "\(reportContext): coerced events")
        #expect(
            report.events.allSatisfy { $0.line != nil && $0.column != nil },
            "\(reportContext): events without a location")
    }
}

/// Expects `actual == expected`; on failure shows where the two differ in JSONEncoder's sorted
/// output rather than printing both (multi-megabyte) values.
private func expectEqualModels<Model: Codable & Equatable>(
    _ actual: Model, _ expected: Model, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let a = [UInt8]((try? encoder.encode(actual)) ?? Data())
    let e = [UInt8]((try? encoder.encode(expected)) ?? Data())
    let first = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
    func around(_ bytes: [UInt8]) -> String {
        String(decoding: bytes[max(0, first - 150)..<min(bytes.count, first + 150)], as: UTF8.self)
    }
    Issue.record(
        """
        \(context): LenientJSONDecoder's value differs from JSONDecoder's on the original, at byte \(first) of th\
        e sorted encoding:\n  lenient:  …\(around(a))…\n  expected: …\(around(e))…
        """,
        sourceLocation: sourceLocation)
}
