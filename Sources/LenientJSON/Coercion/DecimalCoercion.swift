import Foundation

/// `Decimal` rules: numeric strings, exactly from their digits (lenient); `true`/`false` and
/// the first number in text (permissive). Never through `Double` or `Decimal(string:)`.
extension DecoderImpl {
    func coerceDecimal(
        _ entry: Int, parent: CodingPathNode, key: ChildKey, rule: inout RuleCode
    ) throws -> Decimal? {
        switch map.kind(entry) {
        case .string:
            let string = scalarText(try stringValue(entry, path: parent, key: key))
            var number: NumericText?
            if coercions.contains(.numericStrings) { number = NumericText(string) }
            rule = .numberFromString
            if number == nil, coercions.contains(.numberInText) {
                number = NumericText.firstNumber(in: string)
                rule = .numberFromText
            }
            guard let number else { return nil }
            guard let value = number.withText({ NumberParsing.decimal($0) }) else {
                throw outOfRange(entry, Decimal.self, parent, key)
            }
            return value
        case .true, .false:
            rule = .numberFromBool
            return number(fromBool: entry).flatMap { Decimal($0) }
        default:
            return nil
        }
    }
}
