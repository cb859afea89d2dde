/// Collects report events during one decode. It exists only when the caller passed a
/// report, so a decode without one builds no event text at all.
final class ReportCollector {
    var events: [LenientDecodingEvent] = []
}

/// A coding key found by another spelling than the model's (normalized matching or a key
/// strategy): it behaves as the model's key, and JSON paths show the input's spelling, which
/// is read from the document only when a path is built.
struct MatchedKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?
    private let spelling: Spelling

    private enum Spelling: Sendable {
        case known(String)
        case keyEntry(ValueMap, Int)
    }

    /// The key as the input spells it.
    var inputName: String {
        switch spelling {
        case .known(let name): return name
        case .keyEntry(let map, let entry):
            return (try? StringDecoding.decode(map.text(entry), flags: map.flags(entry), base: map.offset(entry), json5: map.isJSON5))
                ?? stringValue
        }
    }

    init(_ key: any CodingKey, inputName: String) {
        stringValue = key.stringValue
        intValue = key.intValue
        spelling = .known(inputName)
    }

    /// The model's `key`, spelled in the input as key entry `entry` of `map`.
    init(_ key: any CodingKey, keyEntry entry: Int, in map: ValueMap) {
        stringValue = key.stringValue
        intValue = key.intValue
        spelling = .keyEntry(map, entry)
    }

    init?(stringValue: String) { self.stringValue = stringValue; intValue = nil; spelling = .known(stringValue) }
    init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue; spelling = .known(stringValue) }
}

extension DecoderImpl {
    /// Adds an event when a report is being collected; `description` is built only then.
    @inline(__always)
    func note(_ kind: LenientDecodingEvent.Kind, entry: Int?, path: @autoclosure () -> [any CodingKey], _ description: @autoclosure () -> String) {
        if kind != .matchedKey { leniencyCount &+= 1 }
        guard let report else { return }
        let location = entry.flatMap { DecodingErrors.location(map, $0) }
        let pathString = JSONPath.string(for: path())
        report.events.append(LenientDecodingEvent(
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
