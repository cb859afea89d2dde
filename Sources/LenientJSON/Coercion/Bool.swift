/// `Bool` rules: `0`/`1` (also `1.0`, `"1"`) and the words `true false yes no y n t f on off`
/// in any case (lenient); any other number, and the first number in text (permissive).
/// `""` is never `false`.
extension DecoderImpl {
    static let trueWords: Set<String> = ["true", "yes", "y", "t", "on"]
    static let falseWords: Set<String> = ["false", "no", "n", "f", "off"]

    func coerceBool(_ entry: Int, parent: CodingPathNode, key: (any CodingKey)?) throws -> Bool? {
        switch map.kind(entry) {
        case .number:
            guard !map.isJSON5, NumberParsing.shape(of: map.text(entry)) != nil else { return nil }
            return bool(fromNumber: map.text(entry))
        case .string:
            let string = try stringValue(entry, path: parent, key: key)
            if coercions.contains(.boolFromNumbersAndStrings) {
                let word = string.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                if Self.trueWords.contains(word) { return true }
                if Self.falseWords.contains(word) { return false }
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
