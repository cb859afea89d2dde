import Foundation
import LenientJSON
import Testing

/// The `Decimal`s of a JSON object tree (`JSONSerialization`'s `NSDecimalNumber`s) decode to the
/// values `JSONDecoder` gives for the same numbers written as JSON text.
@Suite("Decimal values of object trees")
struct DecimalTreeParityTests {
    /// The `NSDecimalNumber`s of `value`, in order, at most `limit` of them.
    static func decimalNumbers(in value: Any, into numbers: inout [NSDecimalNumber], limit: Int) {
        guard numbers.count < limit else { return }
        if let number = value as? NSDecimalNumber {
            numbers.append(number)
        } else if let array = value as? [Any] {
            for element in array { decimalNumbers(in: element, into: &numbers, limit: limit) }
        } else if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                if let member = object[key] { decimalNumbers(in: member, into: &numbers, limit: limit) }
            }
        }
    }

    @Test("canada's decimals decode as JSONDecoder decodes them")
    func canadaDecimals() throws {
        let tree = try JSONSerialization.jsonObject(with: Corpus.data("canada"))
        var numbers: [NSDecimalNumber] = []
        Self.decimalNumbers(in: tree, into: &numbers, limit: 5_000)
        let foundation = try JSONDecoder().decode(
            [Decimal].self, from: JSONSerialization.data(withJSONObject: numbers as [Any]))
        let lenient = try LenientJSONDecoder().decode([Decimal].self, fromJSONObject: numbers as [Any])
        #expect(lenient.count == foundation.count)
        let differing = zip(lenient, foundation).filter { $0 != $1 }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test("seeded decimals of 1 to 38 digits decode as JSONDecoder decodes them", arguments: 0..<4)
    func seededDecimals(seed: UInt64) throws {
        var random = SplitMix64(seed: 0xDEC1_7EE5 &+ seed)
        var numbers: [NSDecimalNumber] = []
        for _ in 0..<250 {
            let count = Int.random(in: 1...38, using: &random)
            var text = String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
            if Bool.random(using: &random) { text = "-" + text }
            let exponent = Int.random(in: -40...40, using: &random)
            numbers.append(NSDecimalNumber(string: "\(text)e\(exponent)", locale: Locale(identifier: "en_US_POSIX")))
        }
        let foundation = try JSONDecoder().decode(
            [Decimal].self, from: JSONSerialization.data(withJSONObject: numbers as [Any]))
        let lenient = try LenientJSONDecoder().decode([Decimal].self, fromJSONObject: numbers as [Any])
        #expect(lenient == foundation)
    }
}
