// The messy-rewrite property on fixed seeds (the fuzz target Fuzz/MessyRewriteFuzzTarget.swift
// runs the same check, Support/MessyRewrite.swift, a link to Fuzz/MessyRewrite.swift, for
// millions of inputs): for documents JSONDecoder accepts, with the syntax variations it accepts,
// a messy rewrite of the same value decodes under `.lenient` to exactly JSONDecoder's value of
// the clean document, with one report event of the right kind and path per rewrite. Leniency is
// never switched off for a whole document (InputAndLimits article; a trailing comma once did).
import Foundation
import LenientJSON
import Testing

@Suite(
    "Messy rewrite: a messy document decodes to JSONDecoder's value of the clean one, one event per rewrite"
)
struct MessyRewritePropertyTests {
    /// Seed groups: each test case runs ``seedsPerGroup`` seeds, `group * 1000 ..< group * 1000 + seedsPerGroup`.
    static let seedGroups = Array(0..<8)
    static let seedsPerGroup = 25

    /// Runs the check on each seed of `group`, with `pin` fixing syntax variations; records one
    /// issue per failing seed, with the seed, both documents and the differences.
    static func check(group: Int, pin: ((inout MessySyntax) -> Void)? = nil) {
        for seed in group * 1000..<group * 1000 + seedsPerGroup {
            var choices = MessyChoices(seed: UInt64(seed))
            if let failure = MessyRewriteCheck.run(&choices, syntax: pin) {
                Issue.record("seed \(seed): \(failure)")
            }
        }
    }

    @Test("random models, values, syntax variations and rewrites", arguments: seedGroups)
    func randomDocuments(group: Int) {
        Self.check(group: group)
    }

    /// A trailing comma before every `}` and `]` (JSONDecoder accepts it) must leave every
    /// lenient rule on.
    @Test("trailing commas everywhere, without JSON5", arguments: seedGroups.prefix(3))
    func trailingCommas(group: Int) {
        Self.check(group: 100 + group) { syntax in
            syntax.allowsJSON5 = false
            syntax.trailingCommas = 100
        }
    }

    @Test("every encoding JSONDecoder detects", arguments: MessyEncoding.allCases)
    func encodings(_ encoding: MessyEncoding) {
        Self.check(group: 200 + (MessyEncoding.allCases.firstIndex(of: encoding) ?? 0)) { $0.encoding = encoding }
    }

    @Test("JSON5 with comments, whitespace and escapes")
    func json5() {
        Self.check(group: 300) { syntax in
            syntax.allowsJSON5 = true
            syntax.whitespace = 60
            syntax.escapes = 30
        }
    }

    /// The property's finding, minimized (Fuzz/Findings/README.md, `messy-json5-bool-from-number.bin`):
    /// the numbers 0 and 1 read as a Bool under `.lenient` (CoercionRules article), with and
    /// without JSON5 alike.
    struct Flag: Decodable, Equatable { var isActive: Bool }

    @Test(
        "a Bool written as the number 0 or 1 reads as false or true, with and without JSON5",
        arguments: [false, true], ["0", "1"])
    func boolFromNumber(json5: Bool, number: String) throws {
        let decoder = LenientJSONDecoder()
        decoder.allowsJSON5 = json5
        var report = LenientDecodingReport()
        let flag = try decoder.decode(Flag.self, from: Data(#"{"isActive":\#(number)}"#.utf8), report: &report)
        #expect(flag == Flag(isActive: number == "1"))
        #expect(report.events.map(\.path) == ["$.isActive"])
    }

    /// The generator covers what the property is about: without this, a generator that lost a
    /// variation or a rewrite would keep the property green while guarding nothing.
    @Test("the seeds cover every variation and every kind of rewrite")
    func coverage() {
        var kinds: Set<String> = []
        var encodings: Set<MessyEncoding> = []
        var json5 = 0, trailingCommas = 0, comments = 0, escapes = 0, rewrites = 0, documents = 0
        for group in Self.seedGroups {
            for seed in group * 1000..<group * 1000 + Self.seedsPerGroup {
                var choices = MessyChoices(seed: UInt64(seed))
                let pair = MessyRewriteCheck.generate(&choices)
                documents += 1
                kinds.formUnion(pair.expectedEvents.map(\.kind))
                rewrites += pair.expectedEvents.count
                encodings.insert(pair.syntax.encoding)
                if pair.syntax.allowsJSON5 { json5 += 1 }
                if pair.messyText.contains(",]") || pair.messyText.contains(",}") { trailingCommas += 1 }
                if pair.messyText.contains("/*") || pair.messyText.contains("// note") { comments += 1 }
                if pair.messyText.contains("\\u") || pair.messyText.contains("\\/") { escapes += 1 }
            }
        }
        #expect(documents == Self.seedGroups.count * Self.seedsPerGroup)
        #expect(kinds == ["coerced", "matchedKey", "recoveredAsNil"])
        #expect(encodings == Set(MessyEncoding.allCases))
        #expect(
            json5 >= 15 && trailingCommas >= 15 && comments >= 5 && escapes >= 15,
            "JSON5 \(json5), trailing commas \(trailingCommas), comments \(comments), escapes \(escapes)")
        #expect(rewrites >= documents * 5, "\(rewrites) rewrites in \(documents) documents")
    }
}
