// CoercionRules article: rules that read scalars out of text: base64 (only \r and \n are line breaks), the
// number inside text (a word of its own), and whitespace trimming (one definition, on only
// with `.trimWhitespace`). Each row goes through Data and through fromJSONObject.

import Foundation
import LenientJSON
import Testing

@Suite("Scalar text rules")
struct ScalarTextRuleTests {
    // MARK: Base64

    @Test(
        "Base64: spaces and other characters are an error in every policy",
        arguments: [
            "hello world", "invalid data", "aGVs bG8=", " aGVsbG8=", "aGVsbG8= ", "aGVs\tbG8=", "aGVs.bG8=",
            "aGVs\u{00A0}bG8=",
        ])
    func base64Rejects(_ text: String) throws {
        let json = try jsonString(text)
        // JSONDecoder rejects them too (checked, not assumed).
        #expect(Outcome { try JSONDecoder().decode(Data.self, from: json) }.error?.kind == "dataCorrupted")
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            for input in try inputs(json) {
                #expect(
                    Outcome { try input.decode(Data.self, policy) }.succeeded == false,
                    "\(text) as Data, \(policy), \(input)")
                // An Optional recovers as nil where the policy recovers (MissingNullAndInvalidValues
                // article), never as bytes.
                #expect(
                    Outcome { try input.decode(Data?.self, policy) }.value ?? nil == nil,
                    "\(text) as Data?, \(policy), \(input)")
            }
        }
    }

    @Test(
        "Base64: line breaks, base64url and missing padding stay accepted (L)",
        arguments: [
            "aGVs\nbG8=", "aGVs\r\nbG8=", "aGVsbG8", "aGVs\nbG8", "-_8", "-_-_", "\naGVsbG8=\n",
        ])
    func base64Accepts(_ text: String) throws {
        // The expected bytes: the same text in standard, padded base64 without breaks, as
        // Foundation decodes it.
        var standard = text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while standard.count % 4 != 0 { standard += "=" }
        let expected = try #require(Data(base64Encoded: standard))
        for input in try inputs(try jsonString(text)) {
            #expect(try input.decode(Data.self, .lenient) == expected, "\(input)")
            #expect(try input.decode(Data.self, .permissive) == expected, "\(input)")
            #expect(Outcome { try input.decode(Data.self, .strict) }.succeeded == false, "\(input)")
        }
    }

    // MARK: Number inside text

    @Test(
        "Number in text: a word of its own (P)",
        arguments: [
            ("the 21.5 slices", 21.5), ("about -3 degrees", -3), ("21.5", 21.5), ("(42)", 42), ("cost: 7.", 7),
            ("42 abc", 42), ("x 5, y 6", 5), ("price 1.5e2 total", 150), ("end 9", 9), ("v2 has 3 parts", 3),
        ])
    func numberInText(_ text: String, _ expected: Double) throws {
        let json = try jsonString(text)
        for input in try inputs(json) {
            #expect(try input.decode(Double.self, .permissive) == expected, "\(input)")
            #expect(try input.decode(Int.self, .permissive) == Int(expected), "\(input)")
            #expect(try input.decode(Decimal.self, .permissive) == Decimal(expected), "\(input)")
            #expect(try input.decode(Bool.self, .permissive) == (expected != 0), "\(input)")
        }
    }

    @Test(
        "Number in text: digits inside a word, hex, 1,5 are not numbers",
        arguments: [
            "QmV0", "v2", "0x10", "12abc", "abc12", "a1b", "1_000", "1,5", "1,234 apples", "x-5", "COVID-19", "10:30",
            "3rd", "5kg", "1/2", "é5", "5é", "v2.5", "1.2.3",
        ])
    func notNumbersInText(_ text: String) throws {
        var rulesOnly = LenientPolicy.permissive
        rulesOnly.invalidValues = .throw
        rulesOnly.missingValues = .throw
        rulesOnly.coercions.remove(.emptyStringAsDefault)
        for input in try inputs(try jsonString(text)) {
            #expect(Outcome { try input.decode(Int.self, rulesOnly) }.succeeded == false, "\(input) as Int")
            #expect(Outcome { try input.decode(Double.self, rulesOnly) }.succeeded == false, "\(input) as Double")
            #expect(Outcome { try input.decode(Decimal.self, rulesOnly) }.succeeded == false, "\(input) as Decimal")
            #expect(Outcome { try input.decode(Bool.self, rulesOnly) }.succeeded == false, "\(input) as Bool")
            // The preset recovers an Optional as nil, never as a number taken out of a word.
            #expect(try input.decode(Int?.self, .permissive) == nil, "\(input) as Int?")
        }
    }

    // MARK: Whitespace

    static let noTrimming: LenientPolicy = {
        var policy = LenientPolicy.lenient
        policy.coercions.remove(.trimWhitespace)
        return policy
    }()

    /// Text with surrounding whitespace, and the value it gives when trimming is on.
    static let padded: [any PaddedText] = [
        PaddedRow(" 42 ", Int.self, 42), PaddedRow("\t-7\n", Int64.self, -7), PaddedRow(" 1.5 ", Double.self, 1.5),
        PaddedRow("\u{00A0}2.5\u{00A0}", Float.self, 2.5), PaddedRow(" 4.25 ", Decimal.self, Decimal(string: "4.25")!),
        PaddedRow(" yes ", Bool.self, true), PaddedRow("\nfalse\n", Bool.self, false),
        PaddedRow(" 1 ", Bool.self, true),
        PaddedRow(
            " E621E1F8-C36C-495A-93FC-0C247A3E6E5F ", UUID.self,
            UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
        PaddedRow(
            " e621e1f8c36c495a93fc0c247a3e6e5f\u{2003}", UUID.self,
            UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!),
        PaddedRow(" 2016-01-17T16:13:00Z ", Date.self, Date(timeIntervalSince1970: 1_453_047_180)),
    ]

    @Test("Whitespace: trimmed with .trimWhitespace, every scalar rule", arguments: padded)
    func trimmed(_ row: any PaddedText) throws { try row.check(policy: .lenient, trims: true) }

    @Test("Whitespace: lenient without .trimWhitespace trims nowhere", arguments: padded)
    func notTrimmed(_ row: any PaddedText) throws { try row.check(policy: Self.noTrimming, trims: false) }

    @Test("Whitespace: without .trimWhitespace the unpadded text still decodes (the rule, not the value, is off)")
    func unpaddedStillDecodes() throws {
        for input in try inputs(try jsonString("42")) { #expect(try input.decode(Int.self, Self.noTrimming) == 42) }
        for input in try inputs(try jsonString("yes")) { #expect(try input.decode(Bool.self, Self.noTrimming) == true) }
        // A URL JSONDecoder reads is read as JSONDecoder reads it, whatever the policy.
        let url = try jsonString("https://example.com/a")
        for input in try inputs(url) {
            #expect(try input.decode(URL.self, Self.noTrimming) == URL(string: "https://example.com/a"))
        }
    }
}

/// A JSON string literal holding `text`.
private func jsonString(_ text: String) throws -> Data {
    try JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed)
}

/// One input, as Data or as the JSONSerialization tree of the same Data.
struct TextInput: CustomStringConvertible, @unchecked Sendable {
    var data: Data
    var tree: Any?

    var description: String { (tree == nil ? "Data " : "fromJSONObject ") + describeInput(data) }

    func decode<T: Decodable>(_ type: T.Type, _ policy: LenientPolicy) throws -> T {
        let decoder = LenientJSONDecoder(policy: policy)
        if let tree { return try decoder.decode(type, fromJSONObject: tree) }
        return try decoder.decode(type, from: data)
    }
}

/// `json` as Data and as its JSONSerialization tree.
private func inputs(_ json: Data) throws -> [TextInput] {
    [
        TextInput(data: json, tree: nil),
        TextInput(data: json, tree: try JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed)),
    ]
}

protocol PaddedText: Sendable, CustomTestStringConvertible {
    func check(policy: LenientPolicy, trims: Bool) throws
}

struct PaddedRow<T: Decodable & Equatable & Sendable>: PaddedText {
    var text: String
    var expected: T

    init(_ text: String, _ type: T.Type, _ expected: T) {
        self.text = text
        self.expected = expected
    }

    var testDescription: String { "\(text.debugDescription) as \(T.self)" }

    func check(policy: LenientPolicy, trims: Bool) throws {
        let json = try jsonString(text)
        // JSONDecoder rejects the padded text: the rule, not parity, decides.
        let foundation = Outcome { try JSONDecoder().decode(T.self, from: json) }
        #expect(!foundation.succeeded)
        for input in try inputs(json) {
            let outcome = Outcome { try input.decode(T.self, policy) }
            if trims {
                #expect(outcome.value == expected, "\(testDescription), \(input): \(outcome)")
            } else {
                #expect(!outcome.succeeded, "\(testDescription), \(input): \(outcome)")
            }
        }
    }
}
