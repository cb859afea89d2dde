/// An enum with integer raw values reads a numeric string (`"2"`) through its raw value's
/// integer rule (the CoercionRules article): its `init(from:)` decodes an `Int`, which the
/// `number.fromString` rule reads. The report names what happened to the enum: that event
/// becomes `enum.fromNumericString`, typed as the enum (ReportRuleFixTests).
extension DecoderImpl {
    /// Renames the `number.fromString` events that enum `T`'s own decode at `entry` recorded
    /// (`events`, a range of `report.events`) to `enum.fromNumericString`, typed `T`.
    func renameNumericRawValueEvents<T>(
        _ type: T.Type, entry: Int, path: CodingPathNode, events: Range<Int>, in report: ReportCollector
    ) {
        guard map.kind(entry) == .string, let enumType = T.self as? any RawRepresentable.Type,
            Self.hasIntegerRawValues(enumType)
        else { return }
        let pathString = JSONPath.string(for: path.path)
        let map = self.map
        for index in events where index < report.events.count {
            let record = report.events[index]
            guard record.rule == .numberFromString, JSONPath.string(for: record.path.path) == pathString else {
                continue
            }
            report.update(at: index) { record in
                record.rule = .enumFromNumericString
                record.type = T.self
                record.describe = .made({
                    "Coerced \(DecodingErrors.found(map, entry)) to \(DecodingErrors.typeName(T.self)) "
                        + "(a numeric raw value)."
                })
            }
        }
    }

    private static func hasIntegerRawValues<E: RawRepresentable>(_ type: E.Type) -> Bool {
        E.RawValue.self is any BinaryInteger.Type
    }
}
