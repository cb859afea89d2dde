/// Collects report events during one decode. It exists only when someone reads the events (a
/// `report:` argument, ``LenientJSONDecoder/onReport`` or ``LenientJSONDecoder/statistics``), so
/// a decode without them builds no event text at all.
///
/// A rule that fires stores only what it knows (a ``Record``: kind, rule, entry, coding path,
/// type, description); the event's path string, pointer, line and column, offset, found value
/// and sentence are made once, when the decode ends (``DecoderImpl/endDecode()`` calls
/// ``build()``) and only for the events an abandoned attempt did not remove, in one forward pass
/// over the text.
final class ReportCollector {
    /// What a rule recorded, in document order; an attempt that fails removes its own
    /// (``DecoderImpl/discardEvents(from:leniency:)``).
    var events: [Record] = []
    /// The first event made by a key lookup (`key.normalized`, `key.alias`, `key.path`) that
    /// does not know yet the type of the value it found, or `-1`: the lookup comes before the
    /// read, which gives the type (``DecoderImpl/typeKeyEvents(_:)``).
    var untypedFrom = -1

    /// One event as recorded: what the rule knew when it fired. `built` is the public event,
    /// made by ``ReportCollector/build()``; until then `map` holds the document it points into.
    struct Record {
        let kind: LenientDecodingEvent.Kind
        var rule: LenientRule
        let entry: Int?
        let path: [any CodingKey]
        /// The Swift type decoded at the place; `nil` for a key lookup until its read
        /// (``ReportCollector/assignType(_:)``).
        var type: Any.Type?
        var description: String
        /// The document `entry` points into; dropped once the event is built, so that the
        /// report keeps no document alive.
        var map: ValueMap?
        var built: LenientDecodingEvent?
    }

    /// Gives `type` to the key events that wait for one.
    func assignType(_ type: Any.Type) {
        // Events after the mark may have been removed with an abandoned attempt.
        for index in Swift.min(untypedFrom, events.count)..<events.count
        where events[index].type == nil && events[index].kind == .matchedKey {
            events[index].type = type
            if events[index].built != nil { events[index].built?.type = String(describing: type) }
        }
        untypedFrom = -1
    }

    /// Makes the public events of the records not built yet. Those are always the last ones:
    /// records are appended, removed in runs, and built all at once.
    func build() {
        var first = events.count
        while first > 0 && events[first - 1].built == nil { first -= 1 }
        guard first < events.count else { return }
        var reader: DecoderImpl?
        var typeNames: [ObjectIdentifier: String] = [:]
        for index in first..<events.count {
            let record = events[index]
            guard let map = record.map else { continue }
            if reader?.map !== map {
                reader = DecoderImpl(map: map, options: DecodingOptions(), entry: 0, pathNode: .root)
            }
            // `String(describing:)` of a type is slow (it demangles); a report names few types.
            let typeName = record.type.map { type in
                if let name = typeNames[ObjectIdentifier(type)] { return name }
                let name = String(describing: type)
                typeNames[ObjectIdentifier(type)] = name
                return name
            }
            events[index].built = Self.event(record, typeName: typeName ?? "", map: map, reader: reader)
            events[index].map = nil
        }
    }

    /// The public event of `record`, whose entry is in `map`; `reader` reads its found value.
    private static func event(
        _ record: Record, typeName: String, map: ValueMap, reader: DecoderImpl?
    ) -> LenientDecodingEvent {
        let location = record.entry.flatMap { DecodingErrors.location(map, $0) }
        let pathString = JSONPath.string(for: record.path)
        let found = record.entry.flatMap { entry in try? reader?.jsonValue(entry, path: .root) }
        return LenientDecodingEvent(
            kind: record.kind, rule: record.rule, path: pathString, pointer: JSONPath.pointer(for: record.path),
            line: location?.line, column: location?.column, offset: record.entry.flatMap { map.sourceOffset(of: $0) },
            found: found, type: typeName,
            description: LenientDecodingEvent.sentence(record.description, at: pathString, location))
    }

    /// The public events of `range` (built first if the decode has not ended yet).
    func finished(_ range: Range<Int>) -> [LenientDecodingEvent] {
        build()
        return events[range].compactMap(\.built)
    }

    /// Every public event.
    var finishedEvents: [LenientDecodingEvent] { finished(events.indices) }
}

extension DecoderImpl {
    /// Adds an event when a report is being collected; `description` and the path are made only
    /// then, and the path string, pointer, place and found value when the decode ends
    /// (``ReportCollector/build()``). Every kind but `matchedKey` counts as leniency,
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
        if type == nil && kind == .matchedKey && report.untypedFrom < 0 { report.untypedFrom = report.events.count }
        report.events.append(
            ReportCollector.Record(
                kind: kind, rule: rule, entry: entry, path: path, type: type, description: description, map: map))
    }

    /// Gives `type`, the type read from a member a key lookup found, to the lookup's events.
    /// Every read that looks a key up calls it (or ``typeOptionalKeyEvents(_:)``) right after
    /// the lookup, before it reads anything nested, so that no inner read types an outer event.
    @inline(__always)
    func typeKeyEvents(_ type: Any.Type) {
        if let report, report.untypedFrom >= 0 { report.assignType(type) }
    }

    /// ``typeKeyEvents(_:)`` with `Optional<T>`, what `decodeIfPresent(T.self, forKey:)` decodes
    /// (a present value or `null` alike).
    @inline(__always)
    func typeOptionalKeyEvents<T>(_ type: T.Type) {
        if let report, report.untypedFrom >= 0 { Self.assignOptionalType(T.self, in: report) }
    }

    /// Out of line, so that a decode without a report never asks for `Optional<T>`'s metadata.
    @inline(never)
    private static func assignOptionalType<T>(_ type: T.Type, in report: ReportCollector) {
        report.assignType(T?.self)
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
