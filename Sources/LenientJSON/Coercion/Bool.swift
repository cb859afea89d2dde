/// `Bool` rules: `0`/`1` (also `1.0`, `"1"`) and the words `true false yes no y n t f on off`
/// in any case (lenient); any other number, and the first number in text (permissive).
/// `""` is never `false`.
extension DecoderImpl {
    static let trueWords: [[UInt8]] = ["true", "yes", "y", "t", "on"].map { Array($0.utf8) }
    static let falseWords: [[UInt8]] = ["false", "no", "n", "f", "off"].map { Array($0.utf8) }

    /// `true`/`false` for one of the words, any case, surrounded by any whitespace.
    static func boolWord(_ string: String) -> Bool? {
        let bytes = Array(string.utf8)
        var start = 0
        var end = bytes.count
        while start < end, NumericText.isSpace(bytes[start]) { start += 1 }
        while end > start, NumericText.isSpace(bytes[end - 1]) { end -= 1 }
        let word = bytes[start ..< end]
        guard word.count <= 5 else { return nil }
        func matches(_ candidate: [UInt8]) -> Bool {
            candidate.count == word.count && zip(candidate, word).allSatisfy { $0 == $1 | 0x20 }
        }
        if trueWords.contains(where: matches) { return true }
        if falseWords.contains(where: matches) { return false }
        return nil
    }

    func coerceBool(_ entry: Int, parent: CodingPathNode, key: (any CodingKey)?) throws -> Bool? {
        switch map.kind(entry) {
        case .number:
            guard !map.isJSON5, NumberParsing.shape(of: map.text(entry)) != nil else { return nil }
            return bool(fromNumber: map.text(entry))
        case .string:
            let string = try stringValue(entry, path: parent, key: key)
            if coercions.contains(.boolFromNumbersAndStrings), let value = Self.boolWord(string) {
                return value
            }
            if coercions.contains(.numericStrings), let number = NumericText(string) {
                return number.withText { bool(fromNumber: $0) }
            }
            if coercions.contains(.numberInText), let number = NumericText.firstNumber(in: string) {
                return number.withText { bool(fromNumber: $0) }
            }
            return nil
        default:
            return nil
        }
    }

    /// `0` → false and `1` → true (lenient); any other number → `!= 0` (permissive).
    func bool(fromNumber text: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let digits = DecimalDigits(text) else { return nil }
        let isZero = digits.digits.isEmpty
        let isOne = digits.digits.count == 1 && digits.digits[0] == 1 && digits.exponent == 0 && !digits.isNegative
            || digits.digits.count > 1 && digits.digits[0] == 1 && digits.digits.dropFirst().allSatisfy { $0 == 0 }
                && digits.exponent == -(digits.digits.count - 1) && !digits.isNegative
        if coercions.contains(.boolFromNumbersAndStrings) && (isZero || isOne) { return isOne }
        if coercions.contains(.numbersFromBools) { return !isZero }
        return nil
    }
}

import Foundation
