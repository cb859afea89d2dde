// The decimal digits a path's index, an event's line and column and a summary's count are
// written with (`JSONPath.appendDecimal`, and `JSONPath.withIndexTexts` for an element's
// path and pointer): what `String(_:)` writes for the same integer, at every length, at both
// ends of `Int` and after bytes already in the buffer.

import Foundation
import Testing

@testable import LenientJSON

@Suite("Decimal digits")
struct DecimalDigitsTests {
    static let values: [Int] =
        [0, 1, 9, 10, 99, 100, 12_345, 999_999, 1_000_000, -1, -10, -987_654_321, .max, .min]
        + (0..<19).map { power in (0..<power).reduce(1) { value, _ in value * 10 } }

    @Test(arguments: values)
    func appendedDigitsAreWhatStringWrites(value: Int) {
        var bytes = Array("line ".utf8)
        JSONPath.appendDecimal(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "line " + String(value))
    }

    /// Every index a path is likely to hold, each power of ten's neighbours, and random values of
    /// every magnitude, either sign.
    @Test func everySmallValueAndRandomLargeOnesAreWhatStringWrites() {
        var generator = SystemRandomNumberGenerator()
        let powers = (0..<19).map { power in (0..<power).reduce(1) { value, _ in value * 10 } }
        let values =
            Array(-1_000...100_000) + powers.flatMap { [$0 - 1, $0 + 1, -$0] }
            + (0..<10_000).map { _ in Int.random(in: .min ... .max, using: &generator) >> Int.random(in: 0..<63) }
        var mismatches: [Int] = []
        for value in values {
            var bytes: [UInt8] = []
            JSONPath.appendDecimal(value, to: &bytes)
            if String(decoding: bytes, as: UTF8.self) != String(value) { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "first: \(mismatches.prefix(5))")
    }

    /// One index or two: `[i]` and `/i` as `String(_:)` writes `i`, whatever the other index's
    /// length, and as `JSONPath.appendIndex` appends them.
    @Test(arguments: values)
    func indicesAreWrittenForPathAndPointer(value: Int) {
        for other in [nil] + Self.values.map(Optional.some) {
            let (path, pointer) = JSONPath.withIndexTexts(value, other) { path, pointer in
                (String(decoding: path, as: UTF8.self), String(decoding: pointer, as: UTF8.self))
            }
            #expect(path == "[\(value)]" + (other.map { "[\($0)]" } ?? ""))
            #expect(pointer == "/\(value)" + (other.map { "/\($0)" } ?? ""))
        }
        var path = Array("$.a".utf8)
        var pointer = Array("/a".utf8)
        JSONPath.appendIndex(value, path: &path, pointer: &pointer)
        #expect(String(decoding: path, as: UTF8.self) == "$.a[\(value)]")
        #expect(String(decoding: pointer, as: UTF8.self) == "/a/\(value)")
    }
}
