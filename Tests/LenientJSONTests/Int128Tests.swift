// InputAndLimits article: Int128 and UInt128 decode as JSONDecoder decodes them (out of range: dataCorrupted),
// through every container, with the integer coercions of the CoercionRules article under .lenient and
// .permissive, and never a trap (a wide number into Int128 used to stop the process).

import Foundation
import LenientJSON
import Testing

@Suite("Int128 and UInt128")
struct Int128Tests {
    static let int128Max = "170141183460469231731687303715884105727"  // 2^127 - 1
    static let int128Min = "-170141183460469231731687303715884105728"  // -2^127
    static let uint128Max = "340282366920938463463374607431768211455"  // 2^128 - 1
    static let int128MaxValue = WideRow.Expected.value(int128Max)
    static let int128MinValue = WideRow.Expected.value(int128Min)
    static let uint128MaxValue = WideRow.Expected.value(uint128Max)

    /// Number texts around every edge: ±2^127, 2^128, 2^64, exponents JSONDecoder reads only up
    /// to a 64-bit mantissa (1e19 yes, 1e20 and 1e38 no), fractions, and non-numbers.
    static let texts = [
        "0", "-0", "1", "-1", "42", "1.0", "2e2", "1E1", "100e-2", "1.5", "-1.5", "1e19", "1e20", "1e38",
        "12345678901234567890.0", "18446744073709551615", "18446744073709551616", "-18446744073709551616",
        "9223372036854775808", "-9223372036854775809",
        int128Max, "170141183460469231731687303715884105728", int128Min, "-170141183460469231731687303715884105729",
        uint128Max, "340282366920938463463374607431768211456", "1000000000000000000000000000000000000000",
        "\"5\"", "true", "null", "[]", "{}",
    ]

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test(
        "single value, keyed, unkeyed, Optional: .strict and the default policy as JSONDecoder (Data)", arguments: texts
    )
    func parity(_ text: String) {
        expectParity(Int128.self, json: text)
        expectParity(UInt128.self, json: text)
        expectParity(Int128?.self, json: text)
        expectParity([Int128].self, json: "[\(text), 7]")
        expectParity([UInt128].self, json: "[\(text)]")
        expectParity(Wide.self, json: #"{"signed": \#(text), "unsigned": \#(text)}"#)
        expectParity(WideOptionals.self, json: #"{"signed": \#(text), "unsigned": \#(text)}"#)
        expectParity(
            HandWritten.self, json: #"{"keyed": \#(text), "keyedIfPresent": \#(text), "list": [\#(text), \#(text)]}"#)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test("fromJSONObject: JSONSerialization's tree decodes as JSONDecoder decodes the Data", arguments: texts)
    func jsonObject(_ text: String) {
        expectObjectParity(Int128.self, from: Data(text.utf8))
        expectObjectParity(UInt128.self, from: Data(text.utf8))
        expectObjectParity(Wide.self, from: Data(#"{"signed": \#(text), "unsigned": \#(text)}"#.utf8))
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test(
        "JSON5 hex and signs in 128 bits, as JSONDecoder reads them",
        arguments: [
            "0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "-0x80000000000000000000000000000000",
            "0x80000000000000000000000000000000",
            "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "0x100000000000000000000000000000000", "-0x1", "+5", "5.", ".5",
            "Infinity", "NaN",
            "+170141183460469231731687303715884105727", "-170141183460469231731687303715884105728",
        ])
    func json5(_ text: String) {
        let json5: Configure = { $0.allowsJSON5 = true }
        expectParity(Int128.self, json: text, configure: json5)
        expectParity(UInt128.self, json: text, configure: json5)
        expectParity([Int128].self, json: "[\(text)]", configure: json5)
    }

    /// The values are written as literals: the rules' results, not a run of LenientJSON.
    static let lenientRows: [WideRow] = [
        // Numeric strings (L), judged exactly on their digits: 1e38 fits Int128.
        WideRow(
            #""170141183460469231731687303715884105727""#, int: Int128Tests.int128MaxValue,
            uint: "170141183460469231731687303715884105727"),
        WideRow(#"" -170141183460469231731687303715884105728 ""#, int: Int128Tests.int128MinValue, uint: .outOfRange),
        WideRow(#""340282366920938463463374607431768211455""#, int: .outOfRange, uint: Int128Tests.uint128MaxValue),
        WideRow(#""+007""#, int: "7", uint: "7"),
        WideRow(
            #""1e38""#, int: "100000000000000000000000000000000000000",
            uint: "100000000000000000000000000000000000000"),
        WideRow(
            #""1.7e38""#, int: "170000000000000000000000000000000000000",
            uint: "170000000000000000000000000000000000000"),
        WideRow(#""1.8e38""#, int: .outOfRange, uint: "180000000000000000000000000000000000000"),
        WideRow(
            #""170141183460469231731687303715884105728""#, int: .outOfRange,
            uint: "170141183460469231731687303715884105728"),
        WideRow(#""-1""#, int: "-1", uint: .outOfRange),
        WideRow(#""1.5""#, int: .error, uint: .error),
        WideRow(#""0x10""#, int: .error, uint: .error),
        // A number JSONDecoder cannot read into a 128-bit integer stays an error without truncation.
        WideRow("1e38", int: .error, uint: .error),
        WideRow("1.5", int: .error, uint: .error),
        WideRow("true", int: .error, uint: .error),
    ]

    static let permissiveRows: [WideRow] = [
        // Truncation toward zero, exact in 128 bits.
        WideRow("1.5", int: "1", uint: "1"),
        WideRow("-1.5", int: "-1", uint: .outOfRange),
        WideRow("-0.5", int: "0", uint: "0"),
        WideRow(
            "1e38", int: "100000000000000000000000000000000000000", uint: "100000000000000000000000000000000000000"),
        WideRow(
            "170141183460469231731687303715884105727.9", int: Int128Tests.int128MaxValue,
            uint: "170141183460469231731687303715884105727"),
        WideRow("-170141183460469231731687303715884105728.9", int: Int128Tests.int128MinValue, uint: .outOfRange),
        WideRow("-170141183460469231731687303715884105729.5", int: .outOfRange, uint: .outOfRange),
        WideRow("340282366920938463463374607431768211455.5", int: .outOfRange, uint: Int128Tests.uint128MaxValue),
        // One past the maximum, with a last digit that a 128-bit mantissa would have dropped.
        // (JSONSerialization's tree cannot hold these digits or 1e999: Data input only.)
        WideRow("340282366920938463463374607431768211459.5", int: .outOfRange, uint: .outOfRange, dataOnly: true),
        WideRow("3.40282366920938463463374607431768211459e38", int: .outOfRange, uint: .outOfRange, dataOnly: true),
        WideRow("1e39", int: .outOfRange, uint: .outOfRange),
        WideRow("1e999", int: .outOfRange, uint: .outOfRange, dataOnly: true),
        WideRow("1e-999", int: "0", uint: "0"),
        WideRow(#""2.5e1""#, int: "25", uint: "25"),
        WideRow(#""the 21.5 slices""#, int: "21", uint: "21"),
        WideRow("true", int: "1", uint: "1"),
        WideRow("false", int: "0", uint: "0"),
    ]

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test(".lenient: numeric strings, exact in 128 bits; no truncation", arguments: lenientRows)
    func lenient(_ row: WideRow) throws { try row.check(policy: .lenient) }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test(".permissive coercions: truncation, bools, text — exact or an error, never a trap", arguments: permissiveRows)
    func permissive(_ row: WideRow) throws {
        var rulesOnly = LenientPolicy.permissive
        rulesOnly.invalidValues = .throw
        rulesOnly.missingValues = .throw
        try row.check(policy: rulesOnly)
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    @Test("Out of range is dataCorrupted naming the bounds")
    func outOfRangeMessage() {
        // (.permissive recovers it as the default: MissingNullAndInvalidValues article.)
        for policy in [LenientPolicy.strict, .lenient] {
            let decoder = LenientJSONDecoder(policy: policy)
            let error = Outcome { try decoder.decode(Wide.self, from: Data(#"{"signed": 1, "unsigned": -1}"#.utf8)) }
                .error
            #expect(error?.kind == "dataCorrupted", "\(policy)")
            #expect(error?.path == ["unsigned"], "\(policy)")
            #expect(
                error?.message.contains("0...340282366920938463463374607431768211455") == true,
                "\(error?.message ?? "no error")")
        }
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private struct Wide: Decodable, Equatable, Sendable {
    var signed: Int128
    var unsigned: UInt128
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private struct WideOptionals: Decodable, Equatable, Sendable {
    var signed: Int128?
    var unsigned: UInt128?
}

/// Every container method for the two types, called by hand.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private struct HandWritten: Decodable, Equatable, Sendable {
    var keyed: Int128
    var keyedIfPresent: UInt128?
    var list: [Int128]
    var listIfPresent: UInt128?
    var single: UInt128

    enum CodingKeys: String, CodingKey { case keyed, keyedIfPresent, list }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        keyed = try c.decode(Int128.self, forKey: .keyed)
        keyedIfPresent = try c.decodeIfPresent(UInt128.self, forKey: .keyedIfPresent)
        var u = try c.nestedUnkeyedContainer(forKey: .list)
        list = [try u.decode(Int128.self)]
        listIfPresent = try u.decodeIfPresent(UInt128.self)
        single = try c.superDecoder(forKey: .keyedIfPresent).singleValueContainer().decode(UInt128.self)
    }
}

/// One input and the result the rule gives for Int128 and for UInt128, through Data and
/// through fromJSONObject, and inside an array and an object (unkeyed and keyed containers).
/// Values are decimal text (the types need macOS 15 and the rows are test arguments).
struct WideRow: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable, ExpressibleByStringLiteral {
        /// The decimal text of the value.
        case value(String)
        /// dataCorrupted naming the type's bounds.
        case outOfRange
        /// Any DecodingError.
        case error

        init(stringLiteral value: String) { self = .value(value) }
    }

    var json: String
    var int: Expected
    var uint: Expected
    /// The JSONSerialization tree cannot hold the number: not checked through fromJSONObject.
    var dataOnly: Bool

    init(_ json: String, int: Expected, uint: Expected, dataOnly: Bool = false) {
        self.json = json
        self.dataOnly = dataOnly
        self.int = int
        self.uint = uint
    }

    var testDescription: String { json }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
    func check(policy: LenientPolicy, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(Int128.self, int, policy: policy, sourceLocation: sourceLocation)
        try check(UInt128.self, uint, policy: policy, sourceLocation: sourceLocation)
    }

    private func check<T: FixedWidthInteger & Decodable & Sendable>(
        _ type: T.Type, _ expected: Expected, policy: LenientPolicy, sourceLocation: SourceLocation
    ) throws {
        let decoder = LenientJSONDecoder(policy: policy)
        let documents = [json, "[\(json)]", #"{"v": \#(json)}"#]
        for (index, document) in documents.enumerated() {
            let data = Data(document.utf8)
            let tree: Any? = dataOnly ? nil : try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            var outcomes: [(String, Outcome<T>)] = []
            switch index {
            case 0: outcomes.append(("Data", Outcome { try decoder.decode(type, from: data) }))
            case 1: outcomes.append(("Data", Outcome { try decoder.decode([T].self, from: data)[0] }))
            default: outcomes.append(("Data", Outcome { try decoder.decode(Keyed<T>.self, from: data).v }))
            }
            if let tree {
                switch index {
                case 0: outcomes.append(("fromJSONObject", Outcome { try decoder.decode(type, fromJSONObject: tree) }))
                case 1:
                    outcomes.append(
                        ("fromJSONObject", Outcome { try decoder.decode([T].self, fromJSONObject: tree)[0] }))
                default:
                    outcomes.append(
                        ("fromJSONObject", Outcome { try decoder.decode(Keyed<T>.self, fromJSONObject: tree).v }))
                }
            }
            for (input, outcome) in outcomes {
                let label = "\(document) as \(T.self) (\(input))"
                switch (expected, outcome) {
                case (.value(let want), .value(let got)):
                    #expect(want == "\(got)", "\(label)", sourceLocation: sourceLocation)
                case (.outOfRange, .failure(let error)):
                    #expect(
                        error.kind == "dataCorrupted" && error.message.contains("\(T.min)...\(T.max)"),
                        "\(label): \(error)", sourceLocation: sourceLocation)
                case (.error, .failure):
                    break
                default:
                    Issue.record("\(label): expected \(expected), got \(outcome)", sourceLocation: sourceLocation)
                }
            }
        }
    }
}

private struct Keyed<T: Decodable>: Decodable {
    var v: T
}
