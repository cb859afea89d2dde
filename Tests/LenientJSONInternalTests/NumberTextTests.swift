// In-module checks of the number texts a JSON object tree's `Decimal`s are written as
// (Input/NumberText.swift): the mantissa read through public API, the text as `description`'s.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Number texts of Decimals")
struct NumberTextTests {
    /// Number texts and their mantissas where they fit in 64 bits (the digits without sign,
    /// point or trailing zeros).
    static let narrow: [(String, UInt64)] = [
        ("123.45", 12345), ("-0.001", 1), ("7", 7), ("0", 0), ("9223372036854775808", 1 << 63),
        ("18446744073709551615", .max), ("-1.8446744073709551615e-30", .max),
    ]

    @Test("a Decimal's mantissa is read as its digits", arguments: narrow)
    func narrowMantissa(text: String, low: UInt64) throws {
        let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        let mantissa = try #require(NumberText.mantissa(of: decimal))
        #expect(mantissa.high == 0 && mantissa.low == low, "\(text): \(mantissa)")
    }

    /// Texts whose mantissa is wider than 64 bits, and its high and low 64 bits.
    static let wide: [(String, UInt64, UInt64)] = [
        ("18446744073709551616", 1, 0), ("340282366920938463463374607431768211455", .max, .max),
    ]

    @Test("a mantissa wider than 64 bits is read on Darwin, left to description elsewhere", arguments: wide)
    func wideMantissa(text: String, high: UInt64, low: UInt64) throws {
        let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #if canImport(Darwin)
            let mantissa = try #require(NumberText.mantissa(of: decimal))
            #expect(mantissa.high == high && mantissa.low == low, "\(text): \(mantissa)")
        #else
            #expect(NumberText.mantissa(of: decimal) == nil)
        #endif
        var bytes: [UInt8] = []
        var digits: [UInt8] = []
        NumberText.append(decimal, to: &bytes, digits: &digits)
        #expect(String(decoding: bytes, as: UTF8.self) == decimal.description)
    }

    @Test("the text written is description's, for seeded decimals of 1 to 38 digits", arguments: 0..<4)
    func textIsDescription(seed: UInt64) throws {
        var random = SplitMix64(seed: 0x7E47 &+ seed)
        var bytes: [UInt8] = []
        var digits: [UInt8] = []
        for _ in 0..<250 {
            let count = Int.random(in: 1...38, using: &random)
            var text = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            if Bool.random(using: &random) { text = "-" + text }
            let exponent = Int.random(in: -40...40, using: &random)
            let decimal = try #require(
                Decimal(string: "\(text)e\(exponent)", locale: Locale(identifier: "en_US_POSIX")))
            bytes.removeAll(keepingCapacity: true)
            NumberText.append(decimal, to: &bytes, digits: &digits)
            #expect(String(decoding: bytes, as: UTF8.self) == decimal.description, "\(text)e\(exponent)")
        }
    }
}
