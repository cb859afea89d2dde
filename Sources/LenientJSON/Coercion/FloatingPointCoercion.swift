import Foundation

/// `Float`/`Double` rules: numeric strings (lenient); `"NaN"`, `"Infinity"`, `"inf"` in any
/// case, `true`/`false`, and the first number in text (permissive).
extension DecoderImpl {
    func coerceFloatingPoint<F: BinaryFloatingPoint>(
        _ entry: Int, as type: F.Type, parent: CodingPathNode, key: ChildKey, rule: inout RuleCode
    ) throws -> F? {
        switch map.kind(entry) {
        case .string:
            if coercions.contains(.numericStrings), let (text, shape) = numberInString(entry),
                let value = NumberParsing.floatingPoint(text, shape: shape, as: type)
            {
                rule = .numberFromString
                return value
            }
            let string = scalarText(try stringValue(entry, path: parent, key: key))
            if coercions.contains(.numericStrings), let number = NumericText(string) {
                rule = .numberFromString
                let value = number.withText { NumberParsing.floatingPoint($0, shape: number.shape, as: type) }
                guard let value else { throw outOfRange(entry, type, parent, key) }
                return value
            }
            if coercions.contains(.nonConformingFloats) {
                rule = .numberNonConforming
                switch string.lowercased() {
                case "nan", "+nan": return F.nan
                case "-nan": return -F.nan  // the sign bit kept, as strtod keeps it
                case "infinity", "+infinity", "inf", "+inf": return F.infinity
                case "-infinity", "-inf": return -F.infinity
                default: break
                }
            }
            if coercions.contains(.numberInText), let number = NumericText.firstNumber(in: string) {
                rule = .numberFromText
                return number.withText { NumberParsing.floatingPoint($0, shape: number.shape, as: type) }
            }
            return nil
        case .true, .false:
            rule = .numberFromBool
            return number(fromBool: entry).flatMap { F($0) }
        default:
            return nil
        }
    }
}
