import Foundation
import LenientJSON
import Testing

/// The hard cases of decimal-to-binary conversion, written out: every `Double` must be
/// `JSONDecoder`'s bit for bit, alone, in an array, and in an array of arrays (the loop that
/// builds inner arrays directly).
@Suite("Double conversion edges")
struct DoubleConversionEdgeTests {
    static let numbers = [
        // 17–19 significant digits (GeoJSON coordinates), and more than 19.
        "-65.613616999999977", "43.420273000000009", "-52.000000000000007", "1.2345678901234567",
        "12345678901234567.8", "1234567890123456789", "0.1234567890123456789", "9.999999999999999999",
        "0.99999999999999999", "99999999999999999999", "0.30000000000000004", "123.45678901234567890123",
        // Halfway between two doubles, and just beside halfway.
        "9007199254740993", "9007199254740995", "9007199254740993.0", "9007199254740993.00000001",
        "4503599627370497.5", "4503599627370496.5", "18014398509481985", "18014398509481986",
        "18014398509481990", "1.00000000000000011102230246251565404236316680908203125",
        "1.0000000000000001110223024625156541", "1.0000000000000001110223024625156539",
        // Subnormals and the normal boundary.
        "5e-324", "4.9406564584124654e-324", "2.2250738585072009e-308", "2.2250738585072014e-308",
        "1e-320",
        // Zeros of every shape.
        "0", "-0", "0.0", "-0.0", "0e10", "-0e-10", "0.000000000000000000000",
        // Exponents at the fast paths' limits (±19 for the exact integer path, ±22 for Clinger's).
        "1e22", "1e23", "-1e23", "9007199254740992e22", "9007199254740993e-22", "9007199254740991e-23",
        "123456789012345678e19", "123456789012345678e-19", "123456789012345678e20", "123456789012345678e-20",
        "1e-19", "1e-20", "12345678901234567e-19", "18446744073709551615e19", "18446744073709551615e-19",
        "1844674407370955161e-19", "1.8446744073709551615e19", "3.0e-19", "7e19", "7.3e-1",
        // Large and small normal numbers.
        "1.7976931348623157e308", "1e308", "2.2250738585072011e-308", "8.98846567431158e307",
    ]

    static func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }

    @Test("each number is JSONDecoder's Double, bit for bit", arguments: numbers)
    func matchesJSONDecoder(number: String) throws {
        let expected = try JSONDecoder().decode(Double.self, from: Data(number.utf8))
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            let decoder = LenientJSONDecoder(policy: policy)
            #expect(try decoder.decode(Double.self, from: Data(number.utf8)).bitPattern == expected.bitPattern)
            let array = Data("[\(number), \(number)]".utf8)
            #expect(
                try Self.bits(decoder.decode([Double].self, from: array)) == [expected.bitPattern, expected.bitPattern])
            let nested = Data("[[1.5, \(number)], [\(number)]]".utf8)
            #expect(
                try decoder.decode([[Double]].self, from: nested).map(Self.bits) == [
                    [(1.5).bitPattern, expected.bitPattern], [expected.bitPattern],
                ])
        }
    }

    @Test("from a JSONSerialization tree, each number is JSONDecoder's Double", arguments: numbers)
    func fromJSONObject(number: String) throws {
        let data = Data("[[\(number)]]".utf8)
        let tree = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        // The tree keeps long numbers as exact decimals, so they round as JSONDecoder rounds the
        // text; only `-0` is lost (JSONSerialization reads it as the integer 0).
        let expected = number == "-0" ? [[0.0]] : try JSONDecoder().decode([[Double]].self, from: data)
        #expect(
            try LenientJSONDecoder().decode([[Double]].self, fromJSONObject: tree).map(Self.bits)
                == expected.map(Self.bits))
    }
}
