import Foundation
import Testing

@testable import LenientJSON

/// A coercion that gave a number or Boolean keeps it in its record as bits
/// (Coercion/CoercedScalar.swift); its event tells the value as the value itself is written.
@Suite("Coerced numbers and Booleans kept as bits")
struct CoercedScalarTests {
    private struct Model<T: Decodable>: Decodable {
        var v: T
    }

    /// One scalar type: a string the coercion reads as it, and the check of its round trip.
    struct Case: CustomStringConvertible, Sendable {
        let description: String
        let text: String
        let told: @Sendable (LenientJSONDecoder, Data) throws -> (value: String, event: String?)
        let roundTrips: @Sendable (inout SplitMix64) -> Bool
        /// Whether the text made from a random value's bits is the value's interpolation.
        let showsAsText: @Sendable (inout SplitMix64) -> Bool

        static func of<T: Decodable & Equatable & Sendable>(
            _ type: T.Type, _ text: String, random: @escaping @Sendable (inout SplitMix64) -> T
        ) -> Case {
            Case(
                description: "\(T.self)", text: text,
                told: { decoder, data in
                    var report = LenientDecodingReport()
                    let value = try decoder.decode(Model<T>.self, from: data, report: &report).v
                    return ("\(value)", report.events.first?.description)
                },
                roundTrips: { generator in
                    let value = random(&generator)
                    guard let bits = CoercedScalar.bits(of: value) else { return false }
                    return CoercedScalar.value(of: bits, as: T.self) as? T == value
                },
                showsAsText: { generator in
                    let value = random(&generator)
                    guard let bits = CoercedScalar.bits(of: value) else { return false }
                    return CoercedScalar.text(of: bits, as: T.self) == "\(value)"
                })
        }
    }

    static let cases: [Case] = [
        .of(Int.self, "-12") { Int(truncatingIfNeeded: $0.next()) },
        .of(Double.self, "2.5") { Double(Int64(truncatingIfNeeded: $0.next())) / 7 },
        .of(Bool.self, "true") { $0.next() % 2 == 0 },
        .of(Int64.self, "-9000000000") { Int64(truncatingIfNeeded: $0.next()) },
        .of(Int32.self, "-70000") { Int32(truncatingIfNeeded: $0.next()) },
        .of(Int16.self, "-300") { Int16(truncatingIfNeeded: $0.next()) },
        .of(Int8.self, "-7") { Int8(truncatingIfNeeded: $0.next()) },
        .of(UInt.self, "12") { UInt(truncatingIfNeeded: $0.next()) },
        .of(UInt64.self, "18446744073709551615") { $0.next() },
        .of(UInt32.self, "4000000000") { UInt32(truncatingIfNeeded: $0.next()) },
        .of(UInt16.self, "65535") { UInt16(truncatingIfNeeded: $0.next()) },
        .of(UInt8.self, "200") { UInt8(truncatingIfNeeded: $0.next()) },
        .of(Float.self, "0.25") { Float(Int32(truncatingIfNeeded: $0.next())) / 3 },
    ]

    @Test("Every scalar type's text made from its bits is its value's, as a sentence shows it", arguments: cases)
    func text(_ scalar: Case) {
        var generator = SplitMix64(seed: 0x7E47)
        for _ in 0..<1_000 { #expect(scalar.showsAsText(&generator), "\(scalar)") }
    }

    @Test("Every scalar type's value comes back from its bits", arguments: cases)
    func roundTrip(_ scalar: Case) {
        var generator = SplitMix64(seed: 0x5CA1A)
        for _ in 0..<1_000 { #expect(scalar.roundTrips(&generator), "\(scalar)") }
    }

    @Test("A coerced scalar's event tells the found string, the type and the value decoded", arguments: cases)
    func told(_ scalar: Case) throws {
        let data = Data(#"{"v": "\#(scalar.text)"}"#.utf8)
        let (value, event) = try scalar.told(LenientJSONDecoder(), data)
        let sentence = try #require(event)
        #expect(sentence.hasSuffix(#": coerced string "\#(scalar.text)" to \#(scalar) \#(value)."#), "\(sentence)")
    }

    @Test("Types other than numbers and Booleans are not kept as bits")
    func otherTypes() {
        #expect(CoercedScalar.bits(of: "12") == nil)
        #expect(CoercedScalar.bits(of: Decimal(12)) == nil)
        #expect(CoercedScalar.bits(of: UUID()) == nil)
        #expect(CoercedScalar.value(of: 0, as: String.self) == nil)
        #expect(CoercedScalar.value(of: 0, as: nil) == nil)
    }
}
