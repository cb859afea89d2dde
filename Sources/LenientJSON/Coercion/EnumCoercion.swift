/// Enum rules (lenient): a `CaseIterable` enum with `String` raw values accepts a string that
/// differs from exactly one raw value only in case, `_`, `-` or spaces. (Enums with `Int` raw
/// values accept numeric strings through the integer rules.)
extension DecoderImpl {
    func coerceEnum<E: CaseIterable & RawRepresentable>(
        _ entry: Int, as type: E.Type, parent: CodingPathNode, key: ChildKey
    ) throws -> E? {
        guard coercions.contains(.enumMatching), E.RawValue.self == String.self, map.kind(entry) == .string else {
            return nil
        }
        let wanted = Self.enumForm(try stringValue(entry, path: parent, key: key))
        var match: E?
        for candidate in E.allCases {
            guard let raw = candidate.rawValue as? String, Self.enumForm(raw) == wanted else { continue }
            if match != nil { return nil }  // more than one case matches
            match = candidate
        }
        return match
    }

    static func enumForm(_ string: String) -> String {
        String(string.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " })
    }
}
