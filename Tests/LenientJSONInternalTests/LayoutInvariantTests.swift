// In-module checks of the unsafe reads that depend on the toolchain: `NumberText` reads a
// `Decimal`'s mantissa (Input/NumberText.swift: its bytes outside Darwin). When the ABI moves,
// these fail and say so, where the black-box suite would only see slower `fromJSONObject` numbers.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Layout reads hold on this toolchain")
struct LayoutInvariantTests {
    /// Number texts and their mantissas (the digits without sign, point or trailing zeros, as
    /// a 128-bit integer: high and low 64 bits).
    static let mantissas: [(String, UInt64, UInt64)] = [
        ("123.45", 0, 12345), ("-0.001", 0, 1), ("18446744073709551616", 1, 0), ("7", 0, 7),
        ("340282366920938463463374607431768211455", UInt64.max, UInt64.max),
    ]

    @Test("a Decimal's mantissa is read as its digits", arguments: mantissas)
    func decimalMantissa(text: String, high: UInt64, low: UInt64) throws {
        #if !canImport(Darwin)
            #expect(NumberText.layoutIsKnown, "Decimal's storage moved: fromJSONObject numbers use description")
        #endif
        let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        let mantissa = try #require(NumberText.mantissa(of: decimal))
        #expect(mantissa.high == high && mantissa.low == low, "\(text): \(mantissa)")
    }
}
