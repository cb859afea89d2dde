import Foundation
import LenientJSON
import Testing

/// Numbers are read in one pass over their digits, eight bytes at a time; a run that ends
/// fewer than eight bytes before the end of the number is read from the number's last eight
/// bytes, shifted. Every split of a number into integer digits, fraction digits and exponent
/// must give exactly what `JSONDecoder` gives, at the top level (the number is the whole
/// input) and inside an array.
@Suite("Digit runs")
struct DigitRunTests {
    /// Digits that vary from position to position (no run of equal digits hides a shift error).
    static func digits(_ count: Int, seed: Int) -> String {
        String((0..<count).map { Character(String((($0 &* 7) &+ seed &+ 1) % 10)) })
    }

    /// `-?` + `integerDigits` digits (no leading zero) + `.` + `fractionDigits` digits, and the
    /// same with an exponent.
    static func numbers(integerDigits: Int, fractionDigits: Int) -> [String] {
        var integer = digits(integerDigits, seed: integerDigits &+ fractionDigits)
        if integer.first == "0" { integer = "9" + integer.dropFirst() }
        let base = fractionDigits == 0 ? integer : integer + "." + digits(fractionDigits, seed: fractionDigits)
        return [base, "-" + base, base + "e5", "-" + base + "E-7"]
    }

    static func decodes<T: Decodable & Equatable>(_ type: T.Type, _ json: String) -> (lenient: T?, foundation: T?) {
        let data = Data(json.utf8)
        return (try? LenientJSONDecoder().decode(T.self, from: data), try? JSONDecoder().decode(T.self, from: data))
    }

    @Test(
        "doubles: every split of integer and fraction digits reads as JSONDecoder reads it",
        arguments: 1...21)
    func doubles(integerDigits: Int) {
        for fractionDigits in 0...21 {
            for text in Self.numbers(integerDigits: integerDigits, fractionDigits: fractionDigits) {
                let top = Self.decodes(Double.self, text)
                #expect(top.foundation != nil, "JSONDecoder reads \(text)")
                #expect(top.lenient?.bitPattern == top.foundation?.bitPattern, "\(text)")
                let inArray = Self.decodes([Double].self, "[\(text),\(text)]")
                #expect(inArray.lenient?.map(\.bitPattern) == inArray.foundation?.map(\.bitPattern), "[\(text)]")
            }
        }
    }

    @Test(
        "integers of 1 to 21 digits read as JSONDecoder reads them, in and out of range",
        arguments: 1...21)
    func integers(digitCount: Int) {
        for text in Self.numbers(integerDigits: digitCount, fractionDigits: 0).prefix(2) {
            for json in [text, "[\(text)]"] {
                let int = Self.decodes(Int.self, json), int64 = Self.decodes([Int64].self, "[\(text)]")
                #expect(int.lenient == int.foundation, "\(json) as Int")
                #expect(int64.lenient == int64.foundation, "\(text) as Int64")
                let uint8 = Self.decodes(UInt8.self, json), int32 = Self.decodes(Int32.self, json)
                #expect(uint8.lenient == uint8.foundation, "\(json) as UInt8")
                #expect(int32.lenient == int32.foundation, "\(json) as Int32")
                let uint64 = Self.decodes(UInt64.self, json)
                #expect(uint64.lenient == uint64.foundation, "\(json) as UInt64")
            }
        }
    }
}
