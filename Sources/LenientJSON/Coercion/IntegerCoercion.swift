/// Integer rules: numeric strings (lenient), truncated fractions, `true`/`false` as 1/0 and
/// the first number in text (permissive). Out-of-range values are errors, never wrapped.
extension DecoderImpl {
    func coerceInteger<I: FixedWidthInteger>(
        _ entry: Int, as type: I.Type, parent: CodingPathNode, key: ChildKey, rule: inout RuleCode
    ) throws -> I? {
        switch map.kind(entry) {
        case .number:
            guard coercions.contains(.truncateFractions) else { return nil }
            // Any number written as JSON writes it, with or without `allowsJSON5`.
            let text = map.text(entry)
            guard NumberParsing.shape(of: text) != nil else { return nil }
            guard let value = NumberParsing.truncatedInteger(text, as: type) else {
                throw outOfRange(entry, type, parent, key)
            }
            rule = .numberTruncated
            return value
        case .string:
            if coercions.contains(.numericStrings), let (text, shape) = numberInString(entry), shape.isPlainInteger,
                let value = NumberParsing.plainInteger(text, as: type)
            {
                rule = .numberFromString
                return value
            }
            let string = scalarText(try stringValue(entry, path: parent, key: key))
            if coercions.contains(.numericStrings), let number = NumericText(string) {
                rule = .numberFromString
                return try integer(from: number, as: type, entry: entry, parent: parent, key: key)
            }
            if coercions.contains(.numberInText), let number = NumericText.firstNumber(in: string) {
                rule = .numberFromText
                return try integer(from: number, as: type, entry: entry, parent: parent, key: key)
            }
            return nil
        case .true, .false:
            rule = .numberFromBool
            return number(fromBool: entry).flatMap { I(exactly: $0) }
        default:
            return nil
        }
    }

    /// A numeric string as an integer, by the rules of the number rows: what `JSONDecoder`
    /// reads from the same number; else, judged exactly on its digits, a whole number in
    /// range (`"1e38"` into `Int128`), or with `.truncateFractions` the truncated one.
    func integer<I: FixedWidthInteger>(
        from number: NumericText, as type: I.Type, entry: Int, parent: CodingPathNode, key: ChildKey
    ) throws -> I {
        let truncates = coercions.contains(.truncateFractions)
        let (value, hasFraction) = number.withText { text -> (I?, Bool) in
            let hasFraction = NumberParsing.hasFraction(text)
            if let exact = NumberParsing.integer(text, shape: number.shape, as: type) { return (exact, hasFraction) }
            guard !hasFraction || truncates else { return (nil, hasFraction) }
            return (NumberParsing.truncatedInteger(text, as: type), hasFraction)
        }
        guard let value else {
            if hasFraction && !truncates {
                throw DecodingErrors.fractionForInteger(
                    type, path: parent.path(appending: key), map: map, entry: entry, describes: mode.describesErrors)
            }
            throw outOfRange(entry, type, parent, key)
        }
        return value
    }
}
