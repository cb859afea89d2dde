// A numeric string is read as the number it spells (the CoercionRules article, "numeric string"
// rows), for every number: the value of `"<text>"` under `.lenient` equals Foundation's
// `JSONDecoder` reading `<text>` unquoted, and where `JSONDecoder` rejects the number (out of
// range) the lenient decode throws too. The texts are generated (seeded) across every integer
// width and both floating-point types, through the keyed, unkeyed and single-value containers,
// with the spellings only a numeric string may have (`+`, leading zeros) checked against the
// canonical text. Digits read straight from the document and digits read through the string's
// text must agree on every one of them.

import Foundation
import LenientJSON
import Testing

@Suite("Numeric strings, property")
struct NumericStringPropertyTests {
    /// One generated number text, its canonical JSON form and a respelling only a string may have.
    struct Sample: CustomStringConvertible, Sendable {
        let canonical: String
        let spelled: String
        var description: String { "\(spelled) (\(canonical))" }
    }

    /// Integer texts of every size up to 40 digits, both signs, with and without a `+` or leading zeros.
    static func integerSamples(seed: UInt64, count: Int) -> [Sample] {
        var random = SplitMix64(seed: seed)
        var samples: [Sample] = []
        for _ in 0..<count {
            let digits = Int(random.next() % 40) + 1
            var text = String(Int(random.next() % 9) + 1)
            for _ in 1..<digits { text.append(String(random.next() % 10)) }
            if random.next() % 8 == 0 { text = "0" }
            let negative = random.next() % 3 == 0 && text != "0"
            let canonical = negative ? "-" + text : text
            let spelled: String
            switch random.next() % 4 {
            case 0: spelled = negative ? canonical : "+" + text
            case 1: spelled = (negative ? "-" : "") + "00" + text
            default: spelled = canonical
            }
            samples.append(Sample(canonical: canonical, spelled: spelled))
        }
        return samples
    }

    /// JSON number texts with fractions and exponents, as a floating-point reading meets them.
    static func floatingSamples(seed: UInt64, count: Int) -> [Sample] {
        var random = SplitMix64(seed: seed)
        var samples: [Sample] = []
        for _ in 0..<count {
            var text = String(random.next() % 100_000)
            if random.next() % 2 == 0 { text += "." + String(random.next() % 1_000_000) }
            if random.next() % 3 == 0 {
                let exponent = Int(random.next() % 700) - 350
                text += "e" + String(exponent)
            }
            let canonical = random.next() % 3 == 0 ? "-" + text : text
            samples.append(Sample(canonical: canonical, spelled: canonical))
        }
        return samples
    }

    struct Keyed<T: Decodable & Equatable & Sendable>: Decodable, Equatable {
        let value: T
    }

    /// The lenient reading of `"<spelled>"` against JSONDecoder's of `<canonical>`, as `T`,
    /// through a keyed member, an array element and the top-level value.
    static func check<T: Decodable & Equatable & Sendable>(_ sample: Sample, as type: T.Type) {
        let plain = JSONDecoder()
        let lenient = LenientJSONDecoder(policy: .lenient)
        let documents: [(quoted: String, unquoted: String)] = [
            ("{\"value\":\"\(sample.spelled)\"}", "{\"value\":\(sample.canonical)}"),
            ("[\"\(sample.spelled)\"]", "[\(sample.canonical)]"),
            ("\"\(sample.spelled)\"", sample.canonical),
        ]
        for (index, document) in documents.enumerated() {
            func decode(_ decoder: JSONDecoder, _ text: String) throws -> T {
                switch index {
                case 0: try decoder.decode(Keyed<T>.self, from: Data(text.utf8)).value
                case 1: try decoder.decode([T].self, from: Data(text.utf8))[0]
                default: try decoder.decode(T.self, from: Data(text.utf8))
                }
            }
            let expected = try? decode(plain, document.unquoted)
            let read = try? decode(lenient, document.quoted)
            #expect(read == expected, "\(T.self) from \(document.quoted)")
        }
    }

    @Test("integer ← numeric string equals JSONDecoder's integer, every width", arguments: [UInt64(1), 2, 3])
    func integers(seed: UInt64) {
        for sample in Self.integerSamples(seed: seed, count: 150) {
            Self.check(sample, as: Int.self)
            Self.check(sample, as: Int64.self)
            Self.check(sample, as: UInt64.self)
            Self.check(sample, as: Int32.self)
            Self.check(sample, as: UInt.self)
            Self.check(sample, as: Int16.self)
            Self.check(sample, as: UInt8.self)
        }
    }

    @Test("Double and Float ← numeric string equal JSONDecoder's", arguments: [UInt64(4), 5])
    func floatingPoint(seed: UInt64) {
        for sample in Self.floatingSamples(seed: seed, count: 200) {
            Self.check(sample, as: Double.self)
            Self.check(sample, as: Float.self)
        }
    }

    @Test("Bool ← \"0\", \"1\", 0 and 1 read as false and true; \"2\" only where numbers are Booleans")
    func boolFromZeroAndOne() throws {
        let lenient = LenientJSONDecoder(policy: .lenient)
        let permissive = LenientJSONDecoder(policy: .permissive)
        let texts = ["\"0\"", "\"1\"", "0", "1", "\"00\"", "\"+1\"", "1.0", "\"0.0\""]
        let expected = [false, true, false, true, false, true, true, false]
        for (text, value) in zip(texts, expected) {
            for decoder in [lenient, permissive] {
                #expect(try decoder.decode([Bool].self, from: Data("[\(text)]".utf8)) == [value], "\(text)")
            }
        }
        #expect(throws: DecodingError.self) { try lenient.decode([Bool].self, from: Data("[\"2\"]".utf8)) }
        #expect(try permissive.decode([Bool].self, from: Data("[\"2\"]".utf8)) == [true])
        #expect(throws: DecodingError.self) {
            try LenientJSONDecoder(policy: .strict).decode([Bool].self, from: Data("[\"1\"]".utf8))
        }
    }
}
