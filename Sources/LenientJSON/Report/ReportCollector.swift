/// Collects report events during one decode. It exists only when someone reads the events (a
/// `report:` argument, ``LenientJSONDecoder/onReport`` or ``LenientJSONDecoder/statistics``), so
/// a decode without them builds no event text at all.
final class ReportCollector {
    var events: [LenientDecodingEvent] = []
    /// The first event made by a key lookup (`key.normalized`, `key.alias`, `key.path`) that
    /// does not know yet the type of the value it found, or `-1`: the lookup comes before the
    /// read, which gives the type (``DecoderImpl/typeKeyEvents(_:)``).
    var untypedFrom = -1

    /// Gives `type` to the key events that wait for one.
    func assignType(_ type: Any.Type) {
        let name = String(describing: type)
        // Events after the mark may have been removed with an abandoned attempt.
        for index in Swift.min(untypedFrom, events.count)..<events.count
        where events[index].type.isEmpty && events[index].kind == .matchedKey {
            events[index].type = name
        }
        untypedFrom = -1
    }
}

extension DecoderImpl {
    /// Adds an event when a report is being collected; `description`, the path, the pointer and
    /// the found value are built only then. Every kind but `matchedKey` counts as leniency,
    /// unless `countsAsLeniency` is `false` (what a registration did: see
    /// `Mapping/DecoderImpl+Registrations.swift`). `type` is the Swift type decoded at the place;
    /// `nil` for a key lookup, whose read gives it later (``typeKeyEvents(_:)``).
    @inline(__always)
    func note(
        _ kind: LenientDecodingEvent.Kind, _ rule: @autoclosure () -> LenientRule, entry: Int?,
        path: @autoclosure () -> [any CodingKey], type: Any.Type?,
        _ description: @autoclosure () -> String, countsAsLeniency: Bool = true
    ) {
        if kind != .matchedKey && countsAsLeniency { session.leniencyCount &+= 1 }
        guard let report else { return }
        record(kind, rule(), entry: entry, path: path(), type: type, description: description(), in: report)
    }

    @inline(never)
    private func record(
        _ kind: LenientDecodingEvent.Kind, _ rule: LenientRule, entry: Int?, path: [any CodingKey],
        type: Any.Type?, description: String, in report: ReportCollector
    ) {
        let location = entry.flatMap { DecodingErrors.location(map, $0) }
        let pathString = JSONPath.string(for: path)
        let found = entry.flatMap { try? jsonValue($0, path: .root) }
        if type == nil && kind == .matchedKey && report.untypedFrom < 0 { report.untypedFrom = report.events.count }
        report.events.append(
            LenientDecodingEvent(
                kind: kind, rule: rule, path: pathString, pointer: JSONPath.pointer(for: path),
                line: location?.line, column: location?.column, offset: entry.flatMap { map.sourceOffset(of: $0) },
                found: found,
                type: type.map { String(describing: $0) } ?? "",
                description: LenientDecodingEvent.sentence(description, at: pathString, location)))
    }

    /// Gives `type`, the type read from a member a key lookup found, to the lookup's events.
    @inline(__always)
    func typeKeyEvents(_ type: Any.Type) {
        if let report, report.untypedFrom >= 0 { report.assignType(type) }
    }
}

extension ValueMap {
    /// The byte offset of the first byte of the value at `entry` (a string's opening quote) in
    /// the text, or `nil` for a map without source positions (a JSON object tree).
    func sourceOffset(of entry: Int) -> Int? {
        guard hasSourcePositions, entry < nullEntry else { return nil }
        return kind(entry) == .string ? offset(entry) - 1 : offset(entry)
    }
}

extension LenientDecodingEvent {
    /// An event's description: what happened, after its place, so that a logged event stands
    /// on its own: `$.users[3].age (line 12, column 15): coerced "12" to Int 12.` (no line and
    /// column for `fromJSONObject`). `what` is a sentence (`Coerced "12" to Int 12.`); its first
    /// letter is lowercased unless it starts a word in capitals (`UUID`), and it ends in a period
    /// (or the `?` or `!` it has).
    static func sentence(_ what: String, at path: String, _ location: SourceLocation?) -> String {
        var text = what
        if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase == true {
            text = first.lowercased() + text.dropFirst()
        }
        if let last = text.last, !".?!".contains(last) { text += "." }
        guard let location else { return path + ": " + text }
        return path + " (" + location.description + "): " + text
    }
}
