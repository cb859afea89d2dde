/// Collects report events during one decode. It exists only when the caller passed a
/// report, so a decode without one builds no event text at all.
final class ReportCollector {
    var events: [LenientDecodingEvent] = []
}

extension DecoderImpl {
    /// Adds an event when a report is being collected; `description` is built only then.
    /// Every kind but `matchedKey` counts as leniency, unless `countsAsLeniency` is `false` (what
    /// a registration did: see `Mapping/DecoderImpl+Registrations.swift`).
    @inline(__always)
    func note(
        _ kind: LenientDecodingEvent.Kind, entry: Int?, path: @autoclosure () -> [any CodingKey],
        _ description: @autoclosure () -> String,
        countsAsLeniency: Bool = true
    ) {
        if kind != .matchedKey && countsAsLeniency { session.leniencyCount &+= 1 }
        guard let report else { return }
        let location = entry.flatMap { DecodingErrors.location(map, $0) }
        let pathString = JSONPath.string(for: path())
        report.events.append(
            LenientDecodingEvent(
                kind: kind, path: pathString, line: location?.line, column: location?.column,
                description: LenientDecodingEvent.sentence(description(), at: pathString, location)))
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
