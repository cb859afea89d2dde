import Testing

@testable import LenientJSON

/// A record keeps its kind and rule as one byte each (`EventKindCode`, `RuleCode`,
/// Report/RuleCodes.swift), turned into the public forms when its event is built, and hashed
/// through a table indexed by the two codes (`PatternHashes`). Each code stands for exactly one
/// public kind or rule, every public one has a code, the codes fit the table, and a pair's
/// hash by its codes is its hash by its public forms: a pattern counted from a decode's records
/// and the same pattern counted from its built events are one pattern.
@Suite("Kind and rule codes of records")
struct RuleCodesTests {
    @Test("Every public rule has one code, in the order of allRules")
    func rulesOneToOne() {
        #expect(RuleCode.allCases.map(\.rule) == LenientRule.allRules)
        #expect(Set(RuleCode.allCases.map(\.rule.rawValue)).count == RuleCode.allCases.count)
    }

    @Test("Every kind a decode records has one code")
    func kindsOneToOne() {
        let kinds: [LenientDecodingEvent.Kind] = [
            .coerced, .matchedKey, .usedDefault, .droppedElement, .recoveredAsNil, .unusedKey, .skippedText,
        ]
        #expect(EventKindCode.allCases.map(\.kind) == kinds)
    }

    @Test("The codes fit the pattern hashes' table: fewer than 64 rules and 8 kinds")
    func codesFitTheTable() {
        #expect(RuleCode.allCases.allSatisfy { $0.rawValue < 64 })
        #expect(EventKindCode.allCases.allSatisfy { $0.rawValue < 8 })
    }

    @Test("A pair's hash by its codes is its hash by its public forms", arguments: EventKindCode.allCases)
    func hashesAgree(kind: EventKindCode) {
        var byCodes = PatternHashes()
        var byNames = PatternHashes()
        let pathHash = PatternHashes.hash(of: .root)
        // Twice: the second read comes from the table the first filled.
        for _ in 0..<2 {
            for rule in RuleCode.allCases {
                #expect(byCodes.hash(kind, rule, pathHash: pathHash) == byNames.hash(kind.kind, rule.rule, .root))
            }
        }
    }
}
