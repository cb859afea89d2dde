/// Collects report events during one decode. It exists only when the caller passed a
/// report, so a decode without one builds no event text at all.
final class ReportCollector {
    var events: [LenientDecodingEvent] = []
}

/// A coding key found by another spelling than the model's (normalized matching or a key
/// strategy): it behaves as the model's key, and JSON paths show the input's spelling.
struct MatchedKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?
    /// The key as the input spells it.
    let inputName: String

    init(_ key: any CodingKey, inputName: String) {
        stringValue = key.stringValue
        intValue = key.intValue
        self.inputName = inputName
    }
    init?(stringValue: String) { self.stringValue = stringValue; intValue = nil; inputName = stringValue }
    init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue; inputName = stringValue }
}

extension DecoderImpl {
    /// Adds an event when a report is being collected; `description` is built only then.
    @inline(__always)
    func note(_ kind: LenientDecodingEvent.Kind, entry: Int?, path: @autoclosure () -> [any CodingKey], _ description: @autoclosure () -> String) {
        guard let report else { return }
        let location = entry.flatMap { DecodingErrors.location(map, $0) }
        report.events.append(LenientDecodingEvent(
            kind: kind, path: JSONPath.string(for: path()), line: location?.line, column: location?.column,
            description: description()))
    }
}
