// The CoercionRules article, row by row: every L, P and `-` row of the coercion table, checked for `.lenient`,
// `.permissive` (the rule alone and the whole preset), and `.strict` against Foundation's
// `JSONDecoder` (same value, or the same `DecodingError` case), each through `Data` and through
// `decode(_:fromJSONObject:)` (a `JSONSerialization` tree of the same text, plus hand-written
// trees like the seeds').
//
// Expected values come from the spec's rules or from Foundation itself, never from a run of
// LenientJSON.

import Foundation
import LenientJSON
import Testing

// MARK: - Suite

@Suite("Coercion rules")
struct CoercionRuleTests {
    // Integers

    @Test("integer ← number with zero fraction (every preset, as JSONDecoder)", arguments: CRTRows.integerZeroFraction)
    func integerFromZeroFraction(_ row: any CoercionRuleRow) { row.check() }

    @Test("integer ← number with a fraction: truncated toward zero (P)", arguments: CRTRows.integerFraction)
    func integerFromFraction(_ row: any CoercionRuleRow) { row.check() }

    @Test("integer ← out-of-range number or string: error naming the bounds (-)", arguments: CRTRows.integerOutOfRange)
    func integerOutOfRange(_ row: any CoercionRuleRow) { row.check() }

    @Test("integer ← numeric string (L)", arguments: CRTRows.integerNumericString)
    func integerFromNumericString(_ row: any CoercionRuleRow) { row.check() }

    @Test("number ← hex, `_`, `,`, locale decimals: error (-)", arguments: CRTRows.notNumbers)
    func notNumericText(_ row: any CoercionRuleRow) { row.check() }

    @Test("number, Bool ← text with a number inside (P)", arguments: CRTRows.numberInText)
    func numberInText(_ row: any CoercionRuleRow) { row.check() }

    @Test("number ← true / false (P)", arguments: CRTRows.numberFromBool)
    func numberFromBool(_ row: any CoercionRuleRow) { row.check() }

    // Floating point, Decimal

    @Test("Float, Double ← numeric string (L)", arguments: CRTRows.floatingNumericString)
    func floatingFromNumericString(_ row: any CoercionRuleRow) { row.check() }

    @Test("Float, Double ← NaN / Infinity strings (P)", arguments: CRTRows.nonConformingWords)
    func nonConformingWords(_ row: any CoercionRuleRow) { row.check() }

    @Test(
        "Float, Double ← exact nonConformingFloatDecodingStrategy strings (every preset)",
        arguments: CRTRows.nonConformingExact)
    func nonConformingExact(_ row: any CoercionRuleRow) { row.check() }

    @Test("Decimal ← number or numeric string, exact from the text (L)", arguments: CRTRows.decimal)
    func decimalExact(_ row: any CoercionRuleRow) { row.check() }

    // Bool

    @Test("Bool ← 0 / 1 (L)", arguments: CRTRows.boolZeroOne)
    func boolFromZeroOne(_ row: any CoercionRuleRow) { row.check() }

    @Test("Bool ← any other number: non-zero is true (P)", arguments: CRTRows.boolOtherNumber)
    func boolFromOtherNumber(_ row: any CoercionRuleRow) { row.check() }

    @Test("Bool ← words, any case, trimmed; \"\" is never false (L)", arguments: CRTRows.boolWords)
    func boolFromWords(_ row: any CoercionRuleRow) { row.check() }

    // String

    @Test("String ← number: its text exactly as written (L)", arguments: CRTRows.stringFromNumber)
    func stringFromNumber(_ row: any CoercionRuleRow) { row.check() }

    @Test("String ← true / false (L)", arguments: CRTRows.stringFromBool)
    func stringFromBool(_ row: any CoercionRuleRow) { row.check() }

    @Test("String ← array or object: error (-)", arguments: CRTRows.stringFromContainer)
    func stringFromContainer(_ row: any CoercionRuleRow) { row.check() }

    // Empty strings, whitespace

    @Test("Optional non-String scalar ← \"\" or whitespace: nil (L)", arguments: CRTRows.optionalEmptyString)
    func optionalFromEmptyString(_ row: any CoercionRuleRow) { row.check() }

    @Test(
        "non-Optional non-String scalar ← \"\": error in L, default in P (-)", arguments: CRTRows.nonOptionalEmptyString
    )
    func nonOptionalFromEmptyString(_ row: any CoercionRuleRow) { row.check() }

    @Test("URL, UUID, Bool, numbers ← surrounding whitespace: trimmed (L)", arguments: CRTRows.whitespace)
    func trimmedWhitespace(_ row: any CoercionRuleRow) { row.check() }

    // Collections

    @Test("Array ← a single non-null, non-array value (L)", arguments: CRTRows.arrayFromSingle)
    func arrayFromSingleValue(_ row: any CoercionRuleRow) { row.check() }

    @Test("Dictionary ← [] (L)", arguments: CRTRows.dictionaryFromEmptyArray)
    func dictionaryFromEmptyArray(_ row: any CoercionRuleRow) { row.check() }

    @Test("scalar ← exactly one-element array, not nested (P)", arguments: CRTRows.scalarFromSingleElementArray)
    func scalarFromSingleElementArray(_ row: any CoercionRuleRow) { row.check() }

    @Test("Array ← object with keys \"0\"…\"n-1\", in numeric key order (P)", arguments: CRTRows.arrayFromIndexedObject)
    func arrayFromIndexedObject(_ row: any CoercionRuleRow) { row.check() }

    // Enums, UUID, Data

    @Test(
        "String-raw CaseIterable enum ← case, `_`, `-`, space-insensitive unique match (L)",
        arguments: CRTRows.stringEnum)
    func stringEnum(_ row: any CoercionRuleRow) { row.check() }

    @Test("Int-raw enum ← numeric string (L)", arguments: CRTRows.intEnum)
    func intEnum(_ row: any CoercionRuleRow) { row.check() }

    @Test("UUID ← no hyphens, braced, urn:uuid:, any case (L)", arguments: CRTRows.uuidForms)
    func uuidForms(_ row: any CoercionRuleRow) { row.check() }

    @Test("Data (.base64) ← base64url, missing padding, line breaks (L)", arguments: CRTRows.base64)
    func base64Variants(_ row: any CoercionRuleRow) { row.check() }

    // Parity

    @Test(
        "where JSONDecoder itself rounds, LenientJSON returns what JSONDecoder returns",
        arguments: CRTRows.parityRounding)
    func parityWhereJSONDecoderRounds(_ row: any CoercionRuleRow) { row.check() }
}

// MARK: - CRTRows

private enum CRTRows {
    // MARK: Integers

    static let integerZeroFraction: [any CoercionRuleRow] = [
        accepted("1.0", Int.self, 1),
        accepted("1e2", Int.self, 100),
        accepted("1E+2", Int.self, 100),
        accepted("100e-2", Int.self, 1),
        accepted("-0.0", Int.self, 0),
        accepted("5.0", UInt.self, 5),
        accepted("1.27e2", Int8.self, 127),
        accepted("-1.28e2", Int8.self, -128),
        accepted("2.550e2", UInt8.self, 255),
        accepted(
            "4.2e1", Int64.self, 42,
            trees: [hand("Double 42.0") { 42.0 }, hand("NSNumber(42.0)") { NSNumber(value: 42.0) }]),
        accepted("1.0", Int?.self, 1),
    ]

    static let integerFraction: [any CoercionRuleRow] = [
        permissiveOnly("1.5", Int.self, 1, trees: [hand("Double 1.5") { 1.5 }]),
        permissiveOnly("-1.5", Int.self, -1),
        permissiveOnly("2.999", Int.self, 2),
        permissiveOnly("1.5e0", Int.self, 1),
        permissiveOnly("15e-1", Int.self, 1),
        permissiveOnly("255.9", UInt8.self, 255),
        permissiveOnly("-128.5", Int8.self, -128),
        permissiveOnly("-0.5", Int64.self, 0),
        permissiveOnly("-0.5", UInt.self, 0),
        // By the rules of the number rows: a fraction is an error in L (of any case), truncated in P.
        permissiveOnly(#""2.5""#, Int.self, 2, lenientError: .any),
        permissiveOnly(#""4.25e1""#, Int.self, 42, lenientError: .any),
        row("1.5", Int?.self, lenient: .value(nil), permissive: .value(1)),
    ]

    static let integerOutOfRange: [any CoercionRuleRow] = [
        outOfRange("128", Int8.self),
        outOfRange("-129", Int8.self),
        outOfRange("300", Int8.self),
        outOfRange("1e3", Int8.self),
        outOfRange("128.0", Int8.self),
        outOfRange("256", UInt8.self),
        outOfRange("-1", UInt8.self),
        outOfRange("-1", UInt.self),
        outOfRange("65536", UInt16.self),
        outOfRange("2147483648", Int32.self),
        outOfRange("9223372036854775808", Int.self),
        outOfRange("-9223372036854775809", Int64.self),
        outOfRange("18446744073709551616", UInt64.self),
        outOfRange("1e400", Int.self),
        outOfRange(#""300""#, Int8.self),
        outOfRange(#"" -1 ""#, UInt8.self),
        outOfRange(#""1e19""#, Int.self),
        outOfRange(#""9223372036854775808""#, Int64.self),
        outOfRange(#""1e1000000000""#, Int.self),
        outOfRange(#""-1e1000000000""#, Int64.self),
        // Truncation never brings a value into range.
        row("300.5", Int8.self, lenient: .fails, permissive: bounds(Int8.self)),
        row(#""room 300""#, Int8.self, lenient: .fails, permissive: bounds(Int8.self)),
        // An Optional recovers (§5) rather than clamping.
        row("300", Int8?.self, lenient: .value(nil), permissive: .failsAnyCase, permissivePreset: .value(nil)),
    ]

    static let integerNumericString: [any CoercionRuleRow] = [
        lenientRule(#""42""#, Int.self, 42, trees: [hand("String \"42\"") { "42" }]),
        lenientRule(#"" 42 ""#, Int.self, 42),
        lenientRule(#""\t42\n""#, Int.self, 42),
        lenientRule(#""+42""#, Int.self, 42),
        lenientRule(#""4.2e1""#, Int.self, 42),
        lenientRule(#""4200e-2""#, Int.self, 42),
        lenientRule(#""42.0""#, Int.self, 42),
        lenientRule(#""1E2""#, Int.self, 100),
        lenientRule(#""007""#, Int.self, 7),
        lenientRule(#""-007""#, Int.self, -7),
        lenientRule(#""-7""#, Int.self, -7),
        lenientRule(#""+0""#, Int.self, 0),
        lenientRule(#""00""#, Int.self, 0),
        lenientRule(#""0.0""#, Int.self, 0),
        lenientRule(#""255""#, UInt8.self, 255),
        lenientRule(#""-128""#, Int8.self, -128),
        lenientRule(#""9007199254740993""#, Int64.self, 9_007_199_254_740_993),
        lenientRule(#""-9223372036854775808""#, Int64.self, Int64.min),
        lenientRule(#""9223372036854775807""#, Int.self, Int.max),
        lenientRule(#""18446744073709551615""#, UInt64.self, UInt64.max),
        lenientRule(#""42""#, Int?.self, 42),
        lenientRule(#""225""#, Int32.self, 225, trees: [hand("String \"225\" (RPJSONMapper)") { "225" }]),
        // Judged exactly on the digits, never through Double.
        lenientRule(#""100000000000000000000e-20""#, Int.self, 1),
        lenientRule(#""0.5e1""#, Int.self, 5),
        lenientRule(#""0.0000000001e10""#, UInt8.self, 1),
        permissiveOnly(#""123456789012345678901234567890e-20""#, Int.self, 1_234_567_890, lenientError: .any),
    ]

    static let notNumbers: [any CoercionRuleRow] = [
        never(#""0x10""#, Int.self),
        never(#""0X1F""#, Int.self),
        never(#""1_000""#, Int.self),
        never(#""1,5""#, Int.self),
        never(#""1,000""#, Int.self),
        never(#""1.000,5""#, Int.self),
        never(#""١٢""#, Int.self),
        never(#""0x10""#, Double.self),
        never(#""1_000""#, Double.self),
        never(#""1,5""#, Double.self),
        never(#""1,5""#, Float.self),
        never(#""1.000,5""#, Double.self),
        never(#""0x10""#, Decimal.self),
        never(#""1_000""#, Decimal.self),
        never(#""1,5""#, Decimal.self),
        never(#""1,5""#, UInt8.self),
        row(#""1,5""#, Int?.self, lenient: .value(nil), permissive: .failsAnyCase, permissivePreset: .value(nil)),
    ]

    static let numberInText: [any CoercionRuleRow] = [
        permissiveOnly(
            #""the 21.5 slices""#, Int.self, 21, trees: [hand("String (PPExtractor)") { "the 21.5 slices" }]),
        permissiveOnly(#""the 21.5 slices""#, UInt.self, 21),
        permissiveOnly(#""the 21.5 slices""#, Int8.self, 21),
        permissiveOnly(#""the 21.5 slices""#, Double.self, 21.5),
        permissiveOnly(#""the 21.5 slices""#, Float.self, 21.5),
        permissiveOnly(#""the 21.5 slices""#, Decimal.self, decimal("21.5")),
        permissiveOnly(#""the 21.5 slices""#, Bool.self, true),
        permissiveOnly(#""about -3 degrees""#, Int.self, -3),
        permissiveOnly(#""about -3 degrees""#, Double.self, -3),
        permissiveOnly(#""0 apples""#, Bool.self, false),
        permissiveOnly(#""42 abc""#, Int.self, 42),
        // Digits inside a word are not a number (CoercionRules article).
        never(#""42abc""#, Int.self),
        never(#""v2""#, UInt.self),
        never(#""QmV0""#, Int.self),
        // No number inside: nothing to take, so the §5 default in the preset.
        never(#""Applejacks""#, Int.self, trees: [hand("String (PPExtractor)") { "Applejacks" }]),
        never(#""Applejacks""#, Double.self),
        never(#""Applejacks""#, Bool.self),
        row(#""the 21.5 slices""#, Int?.self, lenient: .value(nil), permissive: .value(21)),
    ]

    static let numberFromBool: [any CoercionRuleRow] = [
        permissiveOnly("true", Int.self, 1, trees: [hand("Bool true") { true }]),
        permissiveOnly("false", Int.self, 0, trees: [hand("Bool false") { false }]),
        permissiveOnly("true", UInt8.self, 1),
        permissiveOnly("true", Int64.self, 1),
        permissiveOnly("true", Double.self, 1),
        permissiveOnly("false", Float.self, 0),
        permissiveOnly("true", Decimal.self, 1),
        permissiveOnly("false", Decimal.self, 0),
        row("true", Int?.self, lenient: .value(nil), permissive: .value(1)),
    ]

    // MARK: Floating point, Decimal

    static let floatingNumericString: [any CoercionRuleRow] = [
        lenientRule(#""3.25""#, Double.self, 3.25),
        lenientRule(#"" -1.5e3 ""#, Double.self, -1500),
        lenientRule(#""+0.5""#, Double.self, 0.5),
        lenientRule(#""007.5""#, Double.self, 7.5),
        lenientRule(#""1E-2""#, Double.self, 0.01),
        lenientRule(#""0.1""#, Double.self, 0.1),
        lenientRule(#""42""#, Double.self, 42),
        lenientRule(#""12345678901234567890""#, Double.self, Double("12345678901234567890")!),
        lenientRule(#""0.1""#, Float.self, 0.1),
        lenientRule(#""-2.5e-3""#, Float.self, -0.0025),
        lenientRule(#""2.5""#, Double?.self, 2.5),
        never(#""1e400""#, Double.self, lenientError: .any),
        row(#""1e400""#, Double?.self, lenient: .value(nil), permissive: .failsAnyCase, permissivePreset: .value(nil)),
    ]

    static let nonConformingWords: [any CoercionRuleRow] = [
        permissiveOnly(#""NaN""#, Double.self, .nan),
        permissiveOnly(#""nan""#, Double.self, .nan),
        permissiveOnly(#""NAN""#, Double.self, .nan),
        permissiveOnly(#""Infinity""#, Double.self, .infinity),
        permissiveOnly(#""infinity""#, Double.self, .infinity),
        permissiveOnly(#""-Infinity""#, Double.self, -.infinity),
        permissiveOnly(#""inf""#, Double.self, .infinity),
        permissiveOnly(#""INF""#, Double.self, .infinity),
        permissiveOnly(#""-inf""#, Double.self, -.infinity),
        permissiveOnly(#""NaN""#, Float.self, .nan),
        permissiveOnly(#""Infinity""#, Float.self, .infinity),
        permissiveOnly(#""-INF""#, Float.self, -.infinity),
        row(#""Infinity""#, Double?.self, lenient: .value(nil), permissive: .value(.infinity)),
    ]

    static let nonConformingExact: [any CoercionRuleRow] = {
        let strategy: CRTConfigure = {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NotANumber")
        }
        return [
            accepted(#""+Inf""#, Double.self, .infinity, configure: strategy),
            accepted(#""-Inf""#, Double.self, -.infinity, configure: strategy),
            accepted(#""NotANumber""#, Double.self, .nan, configure: strategy),
            accepted(#""+Inf""#, Float.self, .infinity, configure: strategy),
            accepted(#""NotANumber""#, Float.self, .nan, configure: strategy),
            // Not the exact strings: only the permissive words rule reads them.
            permissiveOnly(#""Infinity""#, Double.self, .infinity, configure: strategy),
            permissiveOnly(#""nan""#, Double.self, .nan, configure: strategy),
        ]
    }()

    static let decimal: [any CoercionRuleRow] = [
        // JSONDecoder already reads these numbers (38 digits or fewer) exactly.
        accepted(
            "3.14159265358979323846264338327950288", Decimal.self, decimal("3.14159265358979323846264338327950288"),
            trees: [hand("Decimal") { decimal("3.14159265358979323846264338327950288") }]),
        accepted("0.1", Decimal.self, decimal("0.1")),
        accepted("-2.50", Decimal.self, decimal("-2.50")),
        lenientRule(
            #""3.14159265358979323846264338327950288""#, Decimal.self,
            decimal("3.14159265358979323846264338327950288")),
        lenientRule(#""0.1""#, Decimal.self, decimal("0.1")),
        lenientRule(#"" -2.50 ""#, Decimal.self, decimal("-2.50")),
        lenientRule(#""+12""#, Decimal.self, decimal("12")),
        lenientRule(#""007.5""#, Decimal.self, decimal("7.5")),
        lenientRule(#""1e-3""#, Decimal.self, decimal("1e-3")),
        lenientRule(#""12345678901234567890.123456789""#, Decimal.self, decimal("12345678901234567890.123456789")),
        lenientRule(#""-0.000000000000000000001""#, Decimal.self, decimal("-0.000000000000000000001")),
        lenientRule(#""2.5""#, Decimal?.self, decimal("2.5")),
    ]

    // MARK: Bool

    static let boolZeroOne: [any CoercionRuleRow] = [
        lenientRule(
            "1", Bool.self, true,
            trees: [hand("Int 1") { 1 }, hand("NSNumber(value: 1 as Int)") { NSNumber(value: 1 as Int) }]),
        lenientRule("0", Bool.self, false, trees: [hand("Int 0") { 0 }]),
        lenientRule("1.0", Bool.self, true, trees: [hand("Double 1.0") { 1.0 }]),
        lenientRule("0.0", Bool.self, false),
        lenientRule("1e0", Bool.self, true),
        lenientRule("10e-1", Bool.self, true),
        lenientRule("-0", Bool.self, false),
        lenientRule(#""1""#, Bool.self, true),
        lenientRule(#""0""#, Bool.self, false),
        lenientRule(#""1.0""#, Bool.self, true),
        lenientRule("1", Bool?.self, true),
        // JSONDecoder's own booleans, untouched.
        accepted("true", Bool.self, true, trees: [hand("Bool true") { true }]),
        accepted("false", Bool.self, false, trees: [hand("Bool false") { false }]),
    ]

    static let boolOtherNumber: [any CoercionRuleRow] = [
        permissiveOnly("2", Bool.self, true, trees: [hand("Int 5 (PPExtractor)") { 5 }]),
        permissiveOnly("-1", Bool.self, true),
        permissiveOnly("0.5", Bool.self, true),
        permissiveOnly("1e3", Bool.self, true),
        permissiveOnly(#""2""#, Bool.self, true),
        row("2", Bool?.self, lenient: .value(nil), permissive: .value(true)),
    ]

    static let boolWords: [any CoercionRuleRow] = {
        let words: [(String, Bool)] = [
            ("true", true), ("false", false), ("yes", true), ("no", false), ("y", true), ("n", false),
            ("t", true), ("f", false), ("on", true), ("off", false),
            ("TRUE", true), ("False", false), ("YES", true), ("No", false), ("Y", true), ("N", false),
            ("T", true), ("F", false), ("ON", true), ("Off", false), ("tRuE", true), ("oFf", false),
            (" yes ", true), ("\\tno\\n", false), ("  ON", true),
        ]
        var rows: [any CoercionRuleRow] = words.map { word, value in lenientRule("\"\(word)\"", Bool.self, value) }
        rows += [
            lenientRule(#"" Yes ""#, Bool?.self, true),
            never(#""yess""#, Bool.self),
            never(#""nope""#, Bool.self),
            // A word's prefix or a longer run of its letters is no word (words compare packed
            // with their length).
            never(#""tru""#, Bool.self),
            never(#""of""#, Bool.self),
            never(#""onn""#, Bool.self),
            never(#""falsE1""#, Bool.self),
            // "" is never false: not a word; an error in L, the §5 default only in P.
            row(#""""#, Bool.self, lenient: .fails, permissive: nil, permissivePreset: .value(false)),
            row(#""""#, Bool?.self, lenient: .value(nil), permissive: .value(nil)),
        ]
        return rows
    }()

    // MARK: String

    static let stringFromNumber: [any CoercionRuleRow] = [
        lenientRule(
            "94015", String.self, "94015",
            trees: [
                hand("Int 94015 (RPJSONMapper zip)") { 94015 }, hand("NSNumber(94015)") { NSNumber(value: 94015) },
            ]),
        lenientRule("68.50", String.self, "68.50", serializationTree: false),
        lenientRule("1e2", String.self, "1e2", serializationTree: false),
        lenientRule("1E+2", String.self, "1E+2", serializationTree: false),
        lenientRule("-0", String.self, "-0", serializationTree: false),
        lenientRule("-12.0", String.self, "-12.0", serializationTree: false),
        lenientRule("0.1", String.self, "0.1"),
        lenientRule("12345678901234567890123", String.self, "12345678901234567890123", serializationTree: false),
        lenientRule("5", String.self, "5", trees: [hand("Int 5 (PPExtractor)") { 5 }]),
        lenientRule("68.5", String.self, "68.5", trees: [hand("Double 68.5 (RPJSONMapper)") { 68.5 }]),
        lenientRule("94015", String?.self, "94015"),
    ]

    static let stringFromBool: [any CoercionRuleRow] = [
        lenientRule("true", String.self, "true", trees: [hand("Bool true") { true }]),
        lenientRule("false", String.self, "false", trees: [hand("Bool false") { false }]),
        lenientRule("true", String?.self, "true"),
    ]

    static let stringFromContainer: [any CoercionRuleRow] = [
        never(#"["a","b"]"#, String.self),
        never(#"{"a":1}"#, String.self),
        never("[]", String.self),
        never("{}", String.self),
        row(#"{"a":1}"#, String?.self, lenient: .value(nil), permissive: .failsAnyCase, permissivePreset: .value(nil)),
    ]

    // MARK: Empty strings, whitespace

    static let optionalEmptyString: [any CoercionRuleRow] = [
        lenientRule(#""""#, Int?.self, nil),
        lenientRule(#""   ""#, Int?.self, nil),
        lenientRule(#""\t\n""#, UInt8?.self, nil),
        lenientRule(#""""#, Double?.self, nil),
        lenientRule(#""""#, Float?.self, nil),
        lenientRule(#"" ""#, Bool?.self, nil),
        lenientRule(#""""#, Decimal?.self, nil),
        lenientRule(#""""#, UUID?.self, nil),
        // JSONDecoder reads "  " as a URL (percent-encoded): parity wins over the rule.
        accepted(#""  ""#, URL?.self, URL(string: "%20%20")),
        lenientRule(#""""#, URL?.self, nil),
        lenientRule(#""""#, Date?.self, nil),
        // String is not such a scalar: "" stays "".
        accepted(#""""#, String?.self, ""),
        accepted(#""  ""#, String.self, "  "),
    ]

    static let nonOptionalEmptyString: [any CoercionRuleRow] = [
        row(#""""#, Int.self, lenient: .fails, permissive: nil, permissivePreset: .value(0)),
        row(#""  ""#, Int.self, lenient: .fails, permissive: nil, permissivePreset: .value(0)),
        row(#""""#, UInt8.self, lenient: .fails, permissive: nil, permissivePreset: .value(0)),
        row(#""""#, Double.self, lenient: .fails, permissive: nil, permissivePreset: .value(0)),
        row(#""\t""#, Float.self, lenient: .fails, permissive: nil, permissivePreset: .value(0)),
        row(#""""#, Decimal.self, lenient: .fails, permissive: nil, permissivePreset: .value(0)),
        row(#""""#, Bool.self, lenient: .fails, permissive: nil, permissivePreset: .value(false)),
        // Types with no default still throw.
        never(#""""#, URL.self),
        never(#""""#, UUID.self),
        never(#""""#, Date.self),
    ]

    static let whitespace: [any CoercionRuleRow] = [
        lenientRule(#"" https://example.com/a ""#, URL.self, URL(string: "https://example.com/a")!),
        lenientRule(#""\nhttps://example.com/path?q=1\t""#, URL.self, URL(string: "https://example.com/path?q=1")!),
        lenientRule(#"" E621E1F8-C36C-495A-93FC-0C247A3E6E5F ""#, UUID.self, sampleUUID),
        lenientRule(#""\tE621E1F8-C36C-495A-93FC-0C247A3E6E5F\n""#, UUID.self, sampleUUID),
        lenientRule(#"" true ""#, Bool.self, true),
        lenientRule(#""\r\nfalse\r\n""#, Bool.self, false),
        lenientRule(#"" 42 ""#, Int.self, 42),
        lenientRule(#""\r\n7\r\n""#, UInt.self, 7),
        lenientRule(#""\t2.5 ""#, Double.self, 2.5),
        lenientRule(#"" 2.5 ""#, Float.self, 2.5),
        lenientRule(#"" 2.5 ""#, Decimal.self, decimal("2.5")),
        lenientRule(#"" https://example.com/a ""#, URL?.self, URL(string: "https://example.com/a")!),
    ]

    // MARK: Collections

    static let arrayFromSingle: [any CoercionRuleRow] = [
        lenientRule("5", [Int].self, [5], trees: [hand("Int 5") { 5 }]),
        lenientRule(#""a""#, [String].self, ["a"]),
        lenientRule(#""5""#, [Int].self, [5]),
        lenientRule("5", [String].self, ["5"]),
        lenientRule("true", [Bool].self, [true]),
        lenientRule(#"{"x":1}"#, [Point].self, [Point(x: 1)]),
        lenientRule("5", [Int]?.self, [5]),
        // null is not a single value: §5 (missing or null) decides.
        row("null", [Int].self, lenient: .fails, permissive: .fails),
        accepted("null", [Int]?.self, nil),
        // The element itself must still decode.
        row(#""x""#, [Int].self, lenient: .fails, permissive: .fails, permissivePreset: .value([])),
        accepted("[5]", [Int].self, [5]),
    ]

    static let dictionaryFromEmptyArray: [any CoercionRuleRow] = [
        lenientRule("[]", [String: Int].self, [:], trees: [hand("[Any]()") { [Any]() }]),
        lenientRule("[]", [String: [String]].self, [:]),
        lenientRule("[]", [Int: String].self, [:]),
        lenientRule("[]", [String: Int]?.self, [:]),
        never("[1]", [String: Int].self),
        never(#"[{"a":1}]"#, [String: Int].self),
        accepted("{}", [String: Int].self, [:]),
    ]

    static let scalarFromSingleElementArray: [any CoercionRuleRow] = [
        permissiveOnly("[5]", Int.self, 5, trees: [hand("[5]") { [5] }]),
        permissiveOnly(#"["x"]"#, String.self, "x"),
        permissiveOnly("[true]", Bool.self, true),
        permissiveOnly("[2.5]", Double.self, 2.5),
        permissiveOnly(#"["42"]"#, Int.self, 42),
        permissiveOnly(#"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]"#, UUID.self, sampleUUID),
        permissiveOnly(#"["2.5"]"#, Decimal.self, decimal("2.5")),
        row("[5]", Int?.self, lenient: .value(nil), permissive: .value(5)),
        // Not nested, exactly one element.
        never("[[5]]", Int.self),
        never(#"[["x"]]"#, String.self),
        never("[5,6]", Int.self),
        never("[]", Int.self),
    ]

    static let arrayFromIndexedObject: [any CoercionRuleRow] = [
        permissiveOnly(
            #"{"0":"a","1":"b"}"#, [String].self, ["a", "b"],
            trees: [hand("[\"0\": \"a\", \"1\": \"b\"]") { ["0": "a", "1": "b"] }]),
        permissiveOnly(#"{"1":"b","0":"a"}"#, [String].self, ["a", "b"]),
        permissiveOnly(#"{"0":1,"1":2,"2":3}"#, [Int].self, [1, 2, 3]),
        permissiveOnly(
            #"{"10":10,"2":2,"0":0,"9":9,"1":1,"3":3,"8":8,"4":4,"7":7,"5":5,"6":6}"#, [Int].self, Array(0...10)),
        permissiveOnly(#"{"0":"7"}"#, [Int].self, [7]),
        row(#"{"0":"a","1":"b"}"#, [String]?.self, lenient: .value(nil), permissive: .value(["a", "b"])),
        // Gaps, as PHP's array_filter leaves them: numeric key order.
        permissiveOnly(#"{"0":"a","2":"c"}"#, [String].self, ["a", "c"]),
        permissiveOnly(#"{"17":"b","3":"a"}"#, [String].self, ["a", "b"]),
        // Keys that are not all integers without sign or leading zero.
        never(#"{"0":"a","1":"b","x":"c"}"#, [String].self),
        never(#"{"00":"a"}"#, [String].self),
        never(#"{"-0":"a"}"#, [String].self),
    ]

    // MARK: Enums, UUID, Data

    static let stringEnum: [any CoercionRuleRow] = [
        accepted(#""light_blue""#, Shade.self, .lightBlue),
        accepted(#""Dark Red""#, Shade.self, .darkRed),
        lenientRule(#""LIGHT_BLUE""#, Shade.self, .lightBlue),
        lenientRule(#""light-blue""#, Shade.self, .lightBlue),
        lenientRule(#""Light Blue""#, Shade.self, .lightBlue),
        lenientRule(#""lightblue""#, Shade.self, .lightBlue),
        lenientRule(#""LightBlue""#, Shade.self, .lightBlue),
        lenientRule(#""dark_red""#, Shade.self, .darkRed),
        lenientRule(#""DARK-RED""#, Shade.self, .darkRed),
        lenientRule(#""darkRed""#, Shade.self, .darkRed),
        lenientRule(#""GREEN""#, Shade.self, .green),
        lenientRule(#"" green ""#, Shade.self, .green),
        lenientRule(#""Off White""#, Shade.self, .offWhite),
        lenientRule(#""OFF_WHITE""#, Shade.self, .offWhite),
        lenientRule(#""LIGHT_BLUE""#, Shade?.self, .lightBlue),
        never(#""purple""#, Shade.self),
        never(#""light.blue""#, Shade.self),
        row(#""purple""#, Shade?.self, lenient: .value(nil), permissive: .failsAnyCase, permissivePreset: .value(nil)),
        // Ambiguous: "A-B" normalizes like both "ab" and "a_b".
        accepted(#""ab""#, Clash.self, .ab),
        accepted(#""a_b""#, Clash.self, .aUnderscoreB),
        never(#""A-B""#, Clash.self, lenientError: .any),
        never(#""AB""#, Clash.self, lenientError: .any),
        row(#""A-B""#, Clash?.self, lenient: .value(nil), permissive: .failsAnyCase, permissivePreset: .value(nil)),
        // Not CaseIterable: no rule applies.
        never(#""LIGHT_BLUE""#, PlainShade.self),
        accepted(#""light_blue""#, PlainShade.self, .lightBlue),
    ]

    static let intEnum: [any CoercionRuleRow] = [
        accepted("2", Level.self, .high),
        lenientRule(#""2""#, Level.self, .high),
        lenientRule(#"" 1 ""#, Level.self, .low),
        lenientRule(#""+1""#, Level.self, .low),
        lenientRule(#""2.0""#, Level.self, .high),
        lenientRule(#""02""#, Level.self, .high),
        lenientRule(#""2""#, Rank.self, .second),
        lenientRule(#""1""#, Level?.self, .low),
        never(#""3""#, Level.self, lenientError: .any),
        never(#""two""#, Level.self),
        row(#""3""#, Level?.self, lenient: .value(nil), permissive: .failsAnyCase, permissivePreset: .value(nil)),
    ]

    static let uuidForms: [any CoercionRuleRow] = [
        accepted(#""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#, UUID.self, sampleUUID),
        accepted(#""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#, UUID.self, sampleUUID),
        lenientRule(#""e621e1f8c36c495a93fc0c247a3e6e5f""#, UUID.self, sampleUUID),
        lenientRule(#""E621E1F8C36C495A93FC0C247A3E6E5F""#, UUID.self, sampleUUID),
        lenientRule(#""{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}""#, UUID.self, sampleUUID),
        lenientRule(#""{e621e1f8-c36c-495a-93fc-0c247a3e6e5f}""#, UUID.self, sampleUUID),
        lenientRule(#""urn:uuid:e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#, UUID.self, sampleUUID),
        lenientRule(#""URN:UUID:E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#, UUID.self, sampleUUID),
        lenientRule(#""Urn:Uuid:E621e1f8-C36c-495a-93FC-0c247a3e6e5f""#, UUID.self, sampleUUID),
        lenientRule(#""e621e1f8c36c495a93fc0c247a3e6e5f""#, UUID?.self, sampleUUID),
        never(#""E621E1F8-C36C-495A-93FC-0C247A3E6E5""#, UUID.self),
        never(#""E621E1F8-C36C-495A-93FC-0C247A3E6E5F00""#, UUID.self),
        never(#""{E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#, UUID.self),
        never(#""urn:uuid:""#, UUID.self),
        never(#""not-a-uuid""#, UUID.self),
        never(#""G621E1F8-C36C-495A-93FC-0C247A3E6E5F""#, UUID.self),
        row(
            #""not-a-uuid""#, UUID?.self, lenient: .value(nil), permissive: .failsAnyCase, permissivePreset: .value(nil)
        ),
    ]

    static let base64: [any CoercionRuleRow] = {
        // Bytes whose standard encoding uses "+" and "/" and needs padding.
        let bytes = Data([0xFB, 0xFF, 0xBF, 0xFE, 0x01])
        let standard = bytes.base64EncodedString()
        let url = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let unpadded = standard.replacingOccurrences(of: "=", with: "")
        let urlUnpadded = url.replacingOccurrences(of: "=", with: "")
        let long = Data((0..<120).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        let wrapped = long.base64EncodedString(options: [
            .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
        ])
        let lfWrapped = long.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        func json(_ s: String) -> String {
            "\"" + s.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n") + "\""
        }
        return [
            accepted(json(standard), Data.self, bytes),
            lenientRule(json(url), Data.self, bytes),
            lenientRule(json(unpadded), Data.self, bytes),
            lenientRule(json(urlUnpadded), Data.self, bytes),
            lenientRule(json(String(standard.prefix(4)) + "\n" + String(standard.dropFirst(4))), Data.self, bytes),
            lenientRule(json(wrapped), Data.self, long),
            lenientRule(json(lfWrapped), Data.self, long),
            lenientRule(json("YWI"), Data.self, Data("ab".utf8)),
            lenientRule(json(urlUnpadded), Data?.self, bytes),
            never(json("!!!!"), Data.self),
            never(json("Y"), Data.self),
            // Only the .base64 strategy reads strings.
            never(json(url), Data.self, configure: { $0.dataDecodingStrategy = .deferredToData }),
        ]
    }()

    // MARK: Parity

    static let parityRounding: [any CoercionRuleRow] = [
        row("9007199254740993.5", Int.self, lenient: .foundation, permissive: .foundation),
        row("3.14159265358979323846264338327950288", Double.self, lenient: .foundation, permissive: .foundation),
        row("0.1000000000000000055511151231257827", Double.self, lenient: .foundation, permissive: .foundation),
        row("1.234567890123456789012345678901234567891", Decimal.self, lenient: .foundation, permissive: .foundation),
        row("123456789012345678901234567890123456789012", Decimal.self, lenient: .foundation, permissive: .foundation),
    ]
}

// MARK: - Row builders and models

extension CRTRows {
    static let sampleUUID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    struct Point: Decodable, Equatable, Sendable {
        var x: Int
    }

    enum Shade: String, Decodable, CaseIterable, Sendable {
        case lightBlue = "light_blue"
        case darkRed = "Dark Red"
        case green
        case offWhite = "off-white"
    }

    /// Two raw values that normalize alike.
    enum Clash: String, Decodable, CaseIterable, Sendable {
        case ab
        case aUnderscoreB = "a_b"
    }

    enum PlainShade: String, Decodable, Sendable {
        case lightBlue = "light_blue"
    }

    enum Level: Int, Decodable, Sendable {
        case low = 1
        case high = 2
    }

    enum Rank: Int, Decodable, CaseIterable, Sendable {
        case first = 1
        case second = 2
    }

    static func hand(_ label: String, _ make: @escaping @Sendable () -> Any) -> CRTHandTree {
        CRTHandTree(label: label, make: make)
    }

    static func row<T: Decodable & Equatable & Sendable>(
        _ json: String, _ type: T.Type, lenient: CRTOutcome<T>, permissive: CRTOutcome<T>?,
        permissivePreset: CRTOutcome<T>? = nil,
        configure: CRTConfigure? = nil, trees: [CRTHandTree] = [], serializationTree: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> any CoercionRuleRow {
        CRTRow(
            json: json, lenient: lenient, permissive: permissive, permissivePreset: permissivePreset,
            configure: configure,
            trees: trees, serializationTree: serializationTree, sourceLocation: sourceLocation)
    }

    /// JSONDecoder already decodes it: the same value in every preset.
    static func accepted<T: Decodable & Equatable & Sendable>(
        _ json: String, _ type: T.Type, _ value: T, configure: CRTConfigure? = nil, trees: [CRTHandTree] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> any CoercionRuleRow {
        row(
            json, type, lenient: .value(value), permissive: .value(value), configure: configure, trees: trees,
            sourceLocation: sourceLocation)
    }

    /// An `L` row: the value in `.lenient` and `.permissive`.
    static func lenientRule<T: Decodable & Equatable & Sendable>(
        _ json: String, _ type: T.Type, _ value: T, configure: CRTConfigure? = nil, trees: [CRTHandTree] = [],
        serializationTree: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) -> any CoercionRuleRow {
        row(
            json, type, lenient: .value(value), permissive: .value(value), configure: configure, trees: trees,
            serializationTree: serializationTree, sourceLocation: sourceLocation)
    }

    /// A `P` row: JSONDecoder's error in `.lenient`, the value in `.permissive`.
    static func permissiveOnly<T: Decodable & Equatable & Sendable>(
        _ json: String, _ type: T.Type, _ value: T, lenientError: CRTLenientError = .sameCaseAsFoundation,
        configure: CRTConfigure? = nil,
        trees: [CRTHandTree] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) -> any CoercionRuleRow {
        row(
            json, type, lenient: lenientError == .any ? .failsAnyCase : .fails, permissive: .value(value),
            configure: configure, trees: trees, sourceLocation: sourceLocation)
    }

    /// A `-` row: an error from every rule; in the `.permissive` preset, §5 decides.
    static func never<T: Decodable & Equatable & Sendable>(
        _ json: String, _ type: T.Type, lenientError: CRTLenientError = .sameCaseAsFoundation,
        configure: CRTConfigure? = nil,
        trees: [CRTHandTree] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) -> any CoercionRuleRow {
        row(
            json, type, lenient: lenientError == .any ? .failsAnyCase : .fails, permissive: .failsAnyCase,
            configure: configure,
            trees: trees, sourceLocation: sourceLocation)
    }

    /// Out of range: an error naming the type's bounds from every preset's rules.
    static func outOfRange<T: FixedWidthInteger & Decodable & Sendable>(
        _ json: String, _ type: T.Type, sourceLocation: SourceLocation = #_sourceLocation
    ) -> any CoercionRuleRow {
        row(json, type, lenient: bounds(type), permissive: bounds(type), sourceLocation: sourceLocation)
    }

    static func bounds<T: FixedWidthInteger & Sendable>(_ type: T.Type) -> CRTOutcome<T> {
        .failsNaming([String(T.min), String(T.max)])
    }

    /// The exact `Decimal` of a decimal literal, built from sign, digits and exponent (never
    /// through `Double` or `Decimal(string:)`).
    static func decimal(_ text: String) -> Decimal {
        var negative = false
        var significand = Decimal(0)
        var exponent = 0
        var afterPoint = false
        var rest = Substring(text)
        if rest.first == "-" { negative = true; rest = rest.dropFirst() }
        while let c = rest.first, c != "e", c != "E" {
            rest = rest.dropFirst()
            if c == "." { afterPoint = true; continue }
            significand = significand * 10 + Decimal(Int(String(c))!)
            if afterPoint { exponent -= 1 }
        }
        if !rest.isEmpty { exponent += Int(rest.dropFirst())! }
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: significand)
    }
}

// MARK: - Harness

private typealias CRTConfigure = @Sendable (JSONDecoder) -> Void

/// What a decode must give.
private enum CRTOutcome<T: Sendable>: Sendable {
    /// This value.
    case value(T)
    /// A `DecodingError`; for `.lenient`, the case JSONDecoder throws on the same input.
    case fails
    /// A `DecodingError` of any case.
    case failsAnyCase
    /// A `DecodingError` whose `debugDescription` contains each string.
    case failsNaming([String])
    /// Exactly what JSONDecoder decodes (parity), which must succeed.
    case foundation
}

private enum CRTLenientError: Sendable {
    case sameCaseAsFoundation
    case any
}

/// A hand-written JSON object tree value, like the seeds' dictionaries.
private struct CRTHandTree: Sendable {
    var label: String
    var make: @Sendable () -> Any
}

protocol CoercionRuleRow: Sendable, CustomTestStringConvertible {
    func check()
}

/// The `.permissive` coercions alone, without §5 recovery: what the rule itself gives.
private let crtPermissiveRulesOnly = LenientPolicy(
    coercions: LenientPolicy.permissive.coercions, keyMatching: .normalized, missingValues: .throw,
    invalidValues: .throw)

private struct CRTRow<T: Decodable & Equatable & Sendable>: CoercionRuleRow {
    var json: String
    /// `.lenient`.
    var lenient: CRTOutcome<T>
    /// The `.permissive` coercions without §5 recovery (`nil`: not checked).
    var permissive: CRTOutcome<T>?
    /// The whole `.permissive` preset; derived from `permissive` and §5 when `nil`.
    var permissivePreset: CRTOutcome<T>?
    var configure: CRTConfigure?
    var trees: [CRTHandTree]
    var serializationTree: Bool
    var sourceLocation: SourceLocation

    var testDescription: String { "\(json) as \(T.self)" }

    /// §5 on top of the rule: a non-Optional with a default takes it, an Optional is nil.
    var expectedPermissivePreset: CRTOutcome<T> {
        if let permissivePreset { return permissivePreset }
        switch permissive {
        case .value, .foundation: return permissive!
        case .fails, .failsAnyCase, .failsNaming, nil:
            if let value = (T.self as? any CRTSpecDefault.Type)?.specDefault as? T { return .value(value) }
            if case .failsNaming = permissive { return permissive! }
            return .failsAnyCase
        }
    }

    func decoder(_ policy: LenientPolicy) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: policy)
        configure?(decoder)
        return decoder
    }

    func check() {
        let data = Data("{\"v\":\(json)}".utf8)
        let reference = JSONDecoder()
        configure?(reference)
        let foundation = Result { try reference.decode(CRTBox<T>.self, from: data).v }

        var inputs: [(String, (LenientJSONDecoder) throws -> T)] = [
            ("Data", { try $0.decode(CRTBox<T>.self, from: data).v })
        ]
        if serializationTree, let tree = try? JSONSerialization.jsonObject(with: data) {
            inputs.append(("JSONSerialization tree", { try $0.decode(CRTBox<T>.self, fromJSONObject: tree).v }))
        }
        for tree in trees {
            inputs.append(
                (
                    "hand-written tree (\(tree.label))",
                    { try $0.decode(CRTBox<T>.self, fromJSONObject: ["v": tree.make()]).v }
                ))
        }
        if T.self is any CRTIfPresentDecodable.Type {
            // The same through decodeIfPresent (a synthesized `let v: X?`).
            inputs.append(("Data, decodeIfPresent", { try $0.decode(CRTIfPresentBox<T>.self, from: data).v }))
            if serializationTree, let tree = try? JSONSerialization.jsonObject(with: data) {
                inputs.append(
                    (
                        "JSONSerialization tree, decodeIfPresent",
                        { try $0.decode(CRTIfPresentBox<T>.self, fromJSONObject: tree).v }
                    ))
            }
        }

        for (input, decode) in inputs {
            let strict = Result { try decode(decoder(.strict)) }
            expectStrictParity(strict, foundation, "\(testDescription), \(input), .strict vs JSONDecoder")
            expect(
                Result { try decode(decoder(.lenient)) }, lenient, foundation, "\(testDescription), \(input), .lenient")
            if let permissive {
                expect(
                    Result { try decode(decoder(crtPermissiveRulesOnly)) }, permissive, foundation,
                    "\(testDescription), \(input), .permissive coercions without §5 recovery")
            }
            expect(
                Result { try decode(decoder(.permissive)) }, expectedPermissivePreset, foundation,
                "\(testDescription), \(input), .permissive")
        }
    }

    func expectStrictParity(_ actual: Result<T, any Error>, _ foundation: Result<T, any Error>, _ context: String) {
        switch (actual, foundation) {
        case (.success(let a), .success(let f)):
            #expect(
                crtSame(a, f), "\(context): \(crtShow(a)) ≠ JSONDecoder's \(crtShow(f))", sourceLocation: sourceLocation
            )
        case (.failure(let a), .failure(let f)):
            #expect(
                CRTErrorCase(a) == CRTErrorCase(f),
                "\(context): \(CRTErrorCase(a)) ≠ JSONDecoder's \(CRTErrorCase(f)) (\(a))",
                sourceLocation: sourceLocation)
            let foundationPath = crtPathString(f)
            if !foundationPath.isEmpty {
                #expect(
                    crtPathString(a) == foundationPath,
                    "\(context): codingPath \(crtPathString(a)) ≠ JSONDecoder's \(foundationPath)",
                    sourceLocation: sourceLocation)
            } else {
                #expect(
                    !crtPathString(a).isEmpty, "\(context): codingPath is empty, not the full path",
                    sourceLocation: sourceLocation)
            }
        case (.success(let a), .failure(let f)):
            Issue.record(
                "\(context): decoded \(crtShow(a)), JSONDecoder throws \(CRTErrorCase(f)): \(f)",
                sourceLocation: sourceLocation)
        case (.failure(let a), .success(let f)):
            Issue.record("\(context): threw \(a), JSONDecoder decodes \(crtShow(f))", sourceLocation: sourceLocation)
        }
    }

    func expect(
        _ actual: Result<T, any Error>, _ outcome: CRTOutcome<T>, _ foundation: Result<T, any Error>, _ context: String
    ) {
        switch outcome {
        case .value(let expected):
            switch actual {
            case .success(let value):
                #expect(
                    crtSame(value, expected), "\(context): decoded \(crtShow(value)), expected \(crtShow(expected))",
                    sourceLocation: sourceLocation)
            case .failure(let error):
                Issue.record(
                    "\(context): expected \(crtShow(expected)), threw \(error)", sourceLocation: sourceLocation)
            }
        case .foundation:
            guard case .success(let expected) = foundation else {
                Issue.record("\(context): row expects JSONDecoder to succeed", sourceLocation: sourceLocation)
                return
            }
            expect(actual, .value(expected), foundation, context + " (JSONDecoder's value)")
        case .fails, .failsAnyCase, .failsNaming:
            switch actual {
            case .success(let value):
                Issue.record("\(context): expected an error, decoded \(crtShow(value))", sourceLocation: sourceLocation)
            case .failure(let error):
                guard error is DecodingError else {
                    Issue.record(
                        "\(context): \(type(of: error)) is not a DecodingError: \(error)",
                        sourceLocation: sourceLocation)
                    return
                }
                if case .fails = outcome, case .failure(let f) = foundation {
                    #expect(
                        CRTErrorCase(error) == CRTErrorCase(f),
                        "\(context): \(CRTErrorCase(error)) ≠ JSONDecoder's \(CRTErrorCase(f)) (\(error))",
                        sourceLocation: sourceLocation)
                }
                if case .failsNaming(let words) = outcome {
                    let description = crtDebugDescription(of: error)
                    for word in words {
                        #expect(
                            description.contains(word), "\(context): error does not name \(word): \(description)",
                            sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }
}

// MARK: Boxes

private struct CRTBox<T: Decodable>: Decodable {
    var v: T
}

/// `let v: X?` decoded through `decodeIfPresent`, for a `T` that is `X?`.
private struct CRTIfPresentBox<T: Decodable>: Decodable {
    var v: T
    enum CodingKeys: String, CodingKey { case v }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let optional = T.self as! any CRTIfPresentDecodable.Type
        v = try optional.decodeIfPresentValue(container, .v) as! T
    }
}

private protocol CRTIfPresentDecodable {
    static func decodeIfPresentValue<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Any
}

extension Optional: CRTIfPresentDecodable where Wrapped: Decodable {
    fileprivate static func decodeIfPresentValue<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws
        -> Any
    {
        try container.decodeIfPresent(Wrapped.self, forKey: key) as Any
    }
}

// MARK: §5 defaults

/// The §5 defaults: `0`, `false`, `""`, `[]`, `[:]`, and `nil` for an Optional.
private protocol CRTSpecDefault {
    static var specDefault: Any { get }
}

extension Int: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as Int } }
extension Int8: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as Int8 } }
extension Int16: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as Int16 } }
extension Int32: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as Int32 } }
extension Int64: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as Int64 } }
extension UInt: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as UInt } }
extension UInt8: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as UInt8 } }
extension UInt16: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as UInt16 } }
extension UInt32: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as UInt32 } }
extension UInt64: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as UInt64 } }
extension Double: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as Double } }
extension Float: CRTSpecDefault { fileprivate static var specDefault: Any { 0 as Float } }
extension Decimal: CRTSpecDefault { fileprivate static var specDefault: Any { Decimal(0) } }
extension Bool: CRTSpecDefault { fileprivate static var specDefault: Any { false } }
extension String: CRTSpecDefault { fileprivate static var specDefault: Any { "" } }
extension Array: CRTSpecDefault { fileprivate static var specDefault: Any { [Element]() } }
extension Dictionary: CRTSpecDefault { fileprivate static var specDefault: Any { [Key: Value]() } }
extension Optional: CRTSpecDefault { fileprivate static var specDefault: Any { Wrapped?.none as Any } }

// MARK: Helpers

/// `DecodingError`'s case, for comparing with JSONDecoder.
private enum CRTErrorCase: Equatable, CustomStringConvertible {
    case typeMismatch, valueNotFound, keyNotFound, dataCorrupted, notDecodingError

    init(_ error: any Error) {
        switch error as? DecodingError {
        case .typeMismatch?: self = .typeMismatch
        case .valueNotFound?: self = .valueNotFound
        case .keyNotFound?: self = .keyNotFound
        case .dataCorrupted?: self = .dataCorrupted
        default: self = .notDecodingError
        }
    }

    var description: String {
        switch self {
        case .typeMismatch: return "typeMismatch"
        case .valueNotFound: return "valueNotFound"
        case .keyNotFound: return "keyNotFound"
        case .dataCorrupted: return "dataCorrupted"
        case .notDecodingError: return "not a DecodingError"
        }
    }
}

private func crtContext(of error: any Error) -> DecodingError.Context? {
    switch error as? DecodingError {
    case .typeMismatch(_, let c)?, .valueNotFound(_, let c)?, .keyNotFound(_, let c)?, .dataCorrupted(let c)?: return c
    default: return nil
    }
}

private func crtDebugDescription(of error: any Error) -> String {
    crtContext(of: error)?.debugDescription ?? "\(error)"
}

private func crtPathString(_ error: any Error) -> String {
    (crtContext(of: error)?.codingPath ?? []).map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(
        separator: ".")
}

private func crtSame<T: Equatable>(_ a: T, _ b: T) -> Bool {
    if let x = a as? Double, let y = b as? Double, x.isNaN || y.isNaN { return x.isNaN && y.isNaN }
    if let x = a as? Float, let y = b as? Float, x.isNaN || y.isNaN { return x.isNaN && y.isNaN }
    return a == b
}

private func crtShow<T>(_ value: T) -> String {
    if let string = value as? String { return "\"\(string)\"" }
    if let date = value as? Date { return "\(date) (\(date.timeIntervalSince1970) since 1970)" }
    return "\(value)"
}
