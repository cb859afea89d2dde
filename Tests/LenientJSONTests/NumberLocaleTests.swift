// Number parsing never depends on the process locale (`LC_NUMERIC`; the DocC article "Input and
// limits"). Each test switches its own thread to a comma-decimal locale (de_DE.UTF-8) and
// compares every reading with Foundation's JSONDecoder, which is locale-independent. Where the
// machine lacks that locale the suite is skipped, saying so; Scripts/make-test-locale.sh creates
// it, and `.ci/run` runs it first and sets LENIENTJSON_REQUIRE_TEST_LOCALE=1, so that in CI a
// missing locale fails the suite instead of skipping it.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import LenientJSON
import Testing

@Suite(
    "Numbers under a comma-decimal locale",
    .enabled(
        if: CommaDecimalLocale.isAvailable || CommaDecimalLocale.isRequired,
        "the comma-decimal locale de_DE.UTF-8 is not installed on this machine (Scripts/make-test-locale.sh creates it)"
    )
)
struct NumberLocaleTests {
    /// Float and Double texts: short ones, more than 19 significant digits, exponents
    /// beyond ±19, the limits of both types, and a Float that rounds differently when read
    /// through Double first (1.00000017881393432617187499: correctly rounded 0x3F800001,
    /// through Double 0x3F800002).
    static let texts = [
        "1.5", "-0.1", "0.5", "3.14159", "1e3", "2.5E-3",
        "1.00000017881393432617187499",
        "123456789012345678901234.5", "0.12345678901234567890123456789", "-98765432109876543210.0123",
        "1e23", "1e-25", "4.5e21", "7.038531e-26", "1234567.891e-20", "98765432109876543210e-30",
        "3.4028235e38", "1.17549435e-38", "1.4e-45",
        "1.7976931348623157e308", "2.2250738585072014e-308", "4.9e-324", "9007199254740993.0",
    ]

    @Test("Double from Data: JSONDecoder's value bit for bit", arguments: texts)
    func double(_ text: String) throws {
        try inCommaDecimalLocale { () throws in
            expectParity(Double.self, json: text, label: "de_DE.UTF-8")
            expectParity([Double].self, json: "[\(text), \(text)]", label: "de_DE.UTF-8")
            expectParity(Box<Double>.self, json: #"{"value": \#(text)}"#, label: "de_DE.UTF-8")
        }
    }

    @Test("Float from Data: JSONDecoder's value bit for bit (rounded once)", arguments: texts)
    func float(_ text: String) throws {
        try inCommaDecimalLocale { () throws in
            expectParity(Float.self, json: text, label: "de_DE.UTF-8")
            expectParity([Float].self, json: "[\(text), \(text)]", label: "de_DE.UTF-8")
            expectParity(Box<Float>.self, json: #"{"value": \#(text)}"#, label: "de_DE.UTF-8")
        }
    }

    @Test("Float 1.5 and a 24-digit Double keep their value (the reported cases)")
    func reportedCases() throws {
        try inCommaDecimalLocale { () throws in
            let decoder = LenientJSONDecoder()
            #expect(try decoder.decode(Float.self, from: Data("1.5".utf8)) == 1.5)
            #expect(
                try decoder.decode(Double.self, from: Data("123456789012345678901234.5".utf8))
                    == 123456789012345678901234.5)
            #expect(
                try decoder.decode(Float.self, from: Data("1.00000017881393432617187499".utf8)).bitPattern
                    == 0x3F80_0001)
        }
    }

    @Test("fromJSONObject: JSONSerialization's tree decodes as the Data does", arguments: texts)
    func jsonObject(_ text: String) throws {
        try inCommaDecimalLocale { () throws in
            let data = Data(text.utf8)
            let tree = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            // The tree holds what JSONSerialization read; JSONDecoder reads that tree's text.
            let written = try JSONSerialization.data(withJSONObject: tree, options: .fragmentsAllowed)
            for policy in [LenientPolicy.strict, .lenient, .permissive] {
                let decoder = LenientJSONDecoder(policy: policy)
                expectSameBits(
                    Double.self, JSONDecoder(), written, decoder, tree: tree,
                    label: "\(text) -> \(describeInput(written))")
                expectSameBits(
                    Float.self, JSONDecoder(), written, decoder, tree: tree,
                    label: "\(text) -> \(describeInput(written))")
            }
            expectObjectParity([Double].self, from: Data("[\(text)]".utf8), label: "de_DE.UTF-8")
        }
    }

    @Test("Numeric strings (lenient) read as the same number does", arguments: texts)
    func numericString(_ text: String) throws {
        try inCommaDecimalLocale { () throws in
            let decoder = LenientJSONDecoder()
            let quoted = Data("\"\(text)\"".utf8)
            let tree = try JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed)
            for input in [Input.data(quoted), .tree(tree)] {
                expectSameBits(Double.self, JSONDecoder(), Data(text.utf8), decoder, input, label: "\"\(text)\"")
                expectSameBits(Float.self, JSONDecoder(), Data(text.utf8), decoder, input, label: "\"\(text)\"")
            }
        }
    }

    @Test(
        "JSON5 decimals (.5, 5., +1.5) as JSONDecoder reads them",
        arguments: [".5", "5.", "+1.5", "-.25e1", "1.5e30", "+123456789012345678901234.5"])
    func json5(_ text: String) throws {
        try inCommaDecimalLocale { () throws in
            expectParity(Double.self, json: text, configure: { $0.allowsJSON5 = true }, label: "JSON5, de_DE.UTF-8")
            expectParity(Float.self, json: text, configure: { $0.allowsJSON5 = true }, label: "JSON5, de_DE.UTF-8")
        }
    }
}

private enum Input {
    case data(Data)
    case tree(Any)
}

/// JSONDecoder's reading of `expectedFrom` and `decoder`'s of `input` (the tree when given):
/// the same bits, or both an error.
private func expectSameBits<F: BinaryFloatingPoint & Decodable>(
    _ type: F.Type, _ foundation: JSONDecoder, _ expectedFrom: Data, _ decoder: LenientJSONDecoder,
    _ input: Input? = nil, tree: Any? = nil, label: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let expected = Outcome { try foundation.decode(F.self, from: expectedFrom) }
    let actual = Outcome { () throws -> F in
        switch input ?? .tree(tree as Any) {
        case .data(let data): return try decoder.decode(F.self, from: data)
        case .tree(let tree): return try decoder.decode(F.self, fromJSONObject: tree)
        }
    }
    switch (expected, actual) {
    case (.value(let x), .value(let y)):
        #expect(
            x == y && x.sign == y.sign, "\(F.self) \(label): JSONDecoder \(x), LenientJSON \(y)",
            sourceLocation: sourceLocation)
    case (.failure, .failure):
        break
    default:
        Issue.record(
            "\(F.self) \(label): JSONDecoder \(expected), LenientJSON \(actual)", sourceLocation: sourceLocation)
    }
}

private struct Box<T: Decodable & Equatable & Sendable>: Decodable, Equatable, Sendable {
    var value: T
}

/// Whether the comma-decimal locale the suite switches to can be loaded here.
enum CommaDecimalLocale {
    static let name = "de_DE.UTF-8"

    static var isAvailable: Bool {
        guard let locale = newlocale(LC_NUMERIC_MASK, name, nil) else { return false }
        freelocale(locale)
        return true
    }

    /// Set by `.ci/run`, which installs the locale: there the suite must run, not be skipped.
    static var isRequired: Bool {
        ProcessInfo.processInfo.environment["LENIENTJSON_REQUIRE_TEST_LOCALE"] == "1"
    }
}

/// Runs `body` with this thread in de_DE.UTF-8 (the process locale stays as it is), and
/// checks first that the C library really reads a comma as the decimal point there. A missing
/// locale fails the test: Scripts/make-test-locale.sh creates it.
private func inCommaDecimalLocale(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let loaded = newlocale(LC_NUMERIC_MASK, CommaDecimalLocale.name, nil)
    let locale = try #require(
        loaded, "The comma-decimal locale de_DE.UTF-8 cannot be loaded: run Scripts/make-test-locale.sh",
        sourceLocation: sourceLocation)
    defer { freelocale(locale) }
    let previous = uselocale(locale)
    defer { uselocale(previous) }
    try #require(
        strtod("1,5", nil) == 1.5, "de_DE.UTF-8 does not read 1,5 as 1.5 with strtod", sourceLocation: sourceLocation)
    try body()
}
