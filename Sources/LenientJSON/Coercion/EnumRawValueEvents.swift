/// An enum with integer raw values reads a numeric string (`"2"`) through its raw value's
/// integer rule (the CoercionRules article): its `init(from:)` decodes an `Int`, which the
/// `number.fromString` rule reads. The report names what happened to the enum: that event
/// becomes `enum.fromNumericString`, typed as the enum (ReportRuleFixTests).
extension DecoderImpl {
    /// Renames the `number.fromString` events that enum `T`'s own decode at `entry` recorded
    /// (`events`, a range of `report.events`) to `enum.fromNumericString`, typed `T`.
    func renameNumericRawValueEvents<T>(
        _ type: T.Type, entry: Int, path: [any CodingKey], events: Range<Int>, in report: ReportCollector
    ) {
        guard map.kind(entry) == .string, let enumType = T.self as? any RawRepresentable.Type,
            Self.hasIntegerRawValues(enumType)
        else { return }
        let pathString = JSONPath.string(for: path)
        let typeName = DecodingErrors.typeName(T.self)
        for index in events where index < report.events.count {
            var event = report.events[index]
            guard event.rule == .numberFromString, event.path == pathString else { continue }
            event.rule = .enumFromNumericString
            event.type = typeName
            let location = event.line.flatMap { line in event.column.map { SourceLocation(line: line, column: $0) } }
            event.description = LenientDecodingEvent.sentence(
                "Coerced \(DecodingErrors.found(map, entry)) to \(typeName) (a numeric raw value).", at: pathString,
                location)
            report.events[index] = event
        }
    }

    private static func hasIntegerRawValues<E: RawRepresentable>(_ type: E.Type) -> Bool {
        E.RawValue.self is any BinaryInteger.Type
    }
}
