// An event's description (the TheReport article): its path, its place in parentheses where the
// input has one, then what the rule did as a sentence whose first letter is lowercased when it
// starts a word (not an acronym), ending in a full stop. Checked on the sentences the rules make and
// on made-up ones, ASCII and not.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Event sentences")
struct EventSentenceTests {
    struct Case: Sendable, CustomStringConvertible {
        let what: String
        let expected: String
        var description: String { what }
    }

    static let cases: [Case] = [
        Case(what: "Coerced string \"12\" to Int 12.", expected: "coerced string \"12\" to Int 12."),
        Case(what: "Matched key \"ID\" to \"id\"", expected: "matched key \"ID\" to \"id\"."),
        Case(what: "UUID read without hyphens.", expected: "UUID read without hyphens."),
        Case(what: "Is this right?", expected: "is this right?"),
        Case(what: "Done!", expected: "done!"),
        Case(what: "A", expected: "A."),
        Case(what: "", expected: ""),
        Case(what: "Ärger mit Umlauten", expected: "ärger mit Umlauten."),
        Case(what: "ÄNDERUNG", expected: "ÄNDERUNG."),
        Case(what: "A\u{301}ccent first", expected: "A\u{301}ccent first."),
        Case(what: "already lower …", expected: "already lower …."),
    ]

    @Test("a sentence after the place", arguments: cases)
    func withPlace(_ testCase: Case) {
        let sentence = LenientDecodingEvent.sentence(
            testCase.what, at: "$.a[1]", SourceLocation(line: 3, column: 7))
        #expect(sentence == "$.a[1] (line 3, column 7): " + testCase.expected)
    }

    @Test("a sentence after a path without a place", arguments: cases)
    func withoutPlace(_ testCase: Case) {
        #expect(LenientDecodingEvent.sentence(testCase.what, at: "$", nil) == "$: " + testCase.expected)
    }
}
