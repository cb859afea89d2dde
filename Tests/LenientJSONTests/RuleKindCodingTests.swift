import Foundation
import LenientJSON
import Testing

/// `LenientRule` and `LenientDecodingEvent.Kind` are coded as their raw values, JSON strings
/// named as SPEC.md section 11 names them.
@Suite("Rule and kind coding")
struct RuleKindCodingTests {
    /// The kinds of SPEC.md section 11 with the names its table gives them.
    static let kinds: [(LenientDecodingEvent.Kind, String)] = [
        (.coerced, "coerced"), (.matchedKey, "matchedKey"), (.usedDefault, "usedDefault"),
        (.droppedElement, "droppedElement"), (.recoveredAsNil, "recoveredAsNil"), (.unusedKey, "unusedKey"),
        (.skippedText, "skippedText"),
    ]

    /// A few rules with the codes of SPEC.md section 11's table.
    static let specRules: [(LenientRule, String)] = [
        (.numberFromString, "number.fromString"), (.dictionaryFromEmptyArray, "dictionary.fromEmptyArray"),
        (.dataBase64Normalized, "data.base64Normalized"), (.dateUnixMilliseconds, "date.unixMilliseconds"),
        (.optionalPhpFalse, "optional.phpFalse"), (.keyUnused, "key.unused"),
    ]

    /// The JSON text of `value` inside an array (a top-level string is not every encoder's).
    static func text(of value: some Encodable) throws -> String {
        String(decoding: try JSONEncoder().encode([value]), as: UTF8.self)
    }

    @Test("every rule encodes as its code and decodes back equal", arguments: LenientRule.allRules)
    func ruleRoundTrip(rule: LenientRule) throws {
        let data = try JSONEncoder().encode([rule])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(rule.rawValue)\"]")
        #expect(try JSONDecoder().decode([LenientRule].self, from: data) == [rule])
    }

    @Test("rules encode as SPEC.md's codes", arguments: specRules)
    func specRuleCodes(rule: LenientRule, code: String) throws {
        #expect(try Self.text(of: rule) == "[\"\(code)\"]")
        #expect(try JSONDecoder().decode([LenientRule].self, from: Data("[\"\(code)\"]".utf8)) == [rule])
    }

    @Test("every kind encodes as SPEC.md's name and decodes back equal", arguments: kinds)
    func kindRoundTrip(kind: LenientDecodingEvent.Kind, name: String) throws {
        let data = try JSONEncoder().encode([kind])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(name)\"]")
        #expect(try JSONDecoder().decode([LenientDecodingEvent.Kind].self, from: data) == [kind])
    }

    @Test("a code or name this version does not know decodes as itself")
    func unknownNames() throws {
        let rules = try JSONDecoder().decode([LenientRule].self, from: Data(#"["number.future"]"#.utf8))
        #expect(rules == [LenientRule(rawValue: "number.future")])
        let kinds = try JSONDecoder().decode([LenientDecodingEvent.Kind].self, from: Data(#"["renamed"]"#.utf8))
        #expect(kinds == [LenientDecodingEvent.Kind(rawValue: "renamed")])
    }

    @Test("a rule or kind that is not a JSON string does not decode")
    func notAString() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LenientRule].self, from: Data("[12]".utf8)) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LenientDecodingEvent.Kind].self, from: Data("[null]".utf8))
        }
    }
}
