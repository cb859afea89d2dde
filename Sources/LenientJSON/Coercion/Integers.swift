/// Integer rules: numeric strings (lenient), truncated fractions, `true`/`false` as 1/0 and
/// the first number in text (permissive). Out-of-range values are errors, never wrapped.
extension DecoderImpl {
    func coerceInteger<I: FixedWidthInteger>(_ entry: Int, as type: I.Type, parent: CodingPathNode, key: (any CodingKey)?) throws -> I? {
        switch map.kind(entry) {
        case .number:
            guard coercions.contains(.truncateFractions), !map.isJSON5 else { return nil }
            let text = map.text(entry)
            guard NumberParsing.shape(of: text) != nil else { return nil }
            guard let value = NumberParsing.truncatedInteger(text, as: type) else {
                throw outOfRange(entry, type, parent, key)
            }
            return value
        case .string:
            let string = try stringValue(entry, path: parent, key: key)
            if coercions.contains(.numericStrings), let number = NumericText(string) {
                return try integer(from: number, as: type, entry: entry, parent: parent, key: key)
            }
            if coercions.contains(.numberInText), let number = NumericText.firstNumber(in: string) {
                return try integer(from: number, as: type, entry: entry, parent: parent, key: key)
            }
            return nil
        case .true, .false:
            return number(fromBool: entry).flatMap { I(exactly: $0) }
        default:
            return nil
        }
    }

    /// A numeric string as an integer, by the rules of the number rows.
    func integer<I: FixedWidthInteger>(from number: NumericText, as type: I.Type, entry: Int, parent: CodingPathNode, key: (any CodingKey)?) throws -> I {
        let value = number.withText { text -> I? in
            if let exact = NumberParsing.integer(text, shape: number.shape, as: type) { return exact }
            if coercions.contains(.truncateFractions) { return NumberParsing.truncatedInteger(text, as: type) }
            return nil
        }
        guard let value else {
            let isWhole = number.shape.isPlainInteger || number.withText { NumberParsing.truncatedInteger($0, as: type) == nil }
            if isWhole { throw outOfRange(entry, type, parent, key) }
            throw DecodingErrors.dataCorrupted("Number has a fractional part, but \(DecodingErrors.typeName(type)) needs a whole number",
                                               path: parent.path(appending: key), map: map, entry: entry)
        }
        return value
    }
}
