import Foundation

/// `Bool` rules: `0`/`1` (also `1.0`, `"1"`) and the words `true false yes no y n t f on off`
/// in any case (lenient); any other number, and the first number in text (permissive).
/// `""` is never `false`.
extension DecoderImpl {
    static let trueWords: [[UInt8]] = ["true", "yes", "y", "t", "on"].map { Array($0.utf8) }
    static let falseWords: [[UInt8]] = ["false", "no", "n", "f", "off"].map { Array($0.utf8) }

    /// ``trueWords`` and ``falseWords`` packed as ``packedWord(_:)`` packs a word.
    private static let packedTrueWords = trueWords.map { packedWord($0) }
    private static let packedFalseWords = falseWords.map { packedWord($0) }

    /// A word of at most five bytes as one number: its length, then each byte with bit 5 set
    /// (ASCII letters lowercased), so that two words pack alike exactly where each byte of the
    /// one is the other's byte with bit 5 set, the comparison ``boolWord(_:)`` makes.
    @inline(__always)
    private static func packedWord<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var packed: UInt64 = 0
        var count: UInt64 = 0
        for byte in bytes {
            packed = packed &<< 8 | UInt64(byte | 0x20)
            count &+= 1
        }
        return count &<< 40 | packed
    }

    /// `true`/`false` for one of the words, any case (whitespace is the caller's business:
    /// it passes ``scalarText(_:)``). The word is packed into one number and compared with
    /// the packed words: a comparison of arrays, byte by byte through the substring's UTF-8
    /// view, cost the messy twitter 2 % of its instructions.
    static func boolWord(_ string: Substring) -> Bool? {
        let word = string.utf8
        guard word.count <= 5 else { return nil }
        let packed = word.withContiguousStorageIfAvailable { packedWord($0) } ?? packedWord(word)
        if packedTrueWords.contains(packed) { return true }
        if packedFalseWords.contains(packed) { return false }
        return nil
    }

    func coerceBool(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> Bool? {
        switch map.kind(entry) {
        case .number:
            // Any number written as JSON writes it, with or without `allowsJSON5` (JSON5's own
            // forms, `0x1`, `+1`, `.5`, are not read as a Bool).
            guard NumberParsing.shape(of: map.text(entry)) != nil else { return nil }
            return bool(fromNumber: map.text(entry))
        case .string:
            let string = scalarText(try stringValue(entry, path: parent, key: key))
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
        // `0` and `1` themselves, which both rules read alike, without a `Decimal`.
        if text.count == 1, text[0] == UInt8(ascii: "0") || text[0] == UInt8(ascii: "1") {
            guard coercions.contains(.boolFromNumbersAndStrings) || coercions.contains(.numbersFromBools) else {
                return nil
            }
            return text[0] == UInt8(ascii: "1")
        }
        guard let value = NumberParsing.decimal(text) else { return nil }
        if coercions.contains(.boolFromNumbersAndStrings) && (value == 0 || value == 1) { return value == 1 }
        if coercions.contains(.numbersFromBools) { return value != 0 }
        return nil
    }

    /// `1` for `true` and `0` for `false`, where the lossy rule for numbers allows it.
    func number(fromBool entry: Int) -> Int? {
        guard coercions.contains(.numbersFromBools) else { return nil }
        switch map.kind(entry) {
        case .true: return 1
        case .false: return 0
        default: return nil
        }
    }
}
