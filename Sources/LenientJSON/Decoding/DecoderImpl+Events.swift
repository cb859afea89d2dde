import Foundation

/// Recording what leniency did, and forgetting what an abandoned attempt did (the TheReport article: the
/// report describes the value returned, nothing else).
extension DecoderImpl {
    /// Records that `rule` changed the outcome at `entry` (any kind but `matchedKey`), where a
    /// `type` was decoded.
    ///
    /// Invalid JSON is never recovered (the InputAndLimits article): when the value at `entry` holds a
    /// malformed number or string, the syntax error is thrown instead.
    /// `description` is made only when someone reads the event, after the decode (see
    /// ``note(_:_:entry:path:type:_:countsAsLeniency:)``).
    func recordLeniency(
        _ kind: EventKindCode, _ rule: @autoclosure () -> RuleCode, entry: Int?,
        path: @autoclosure () -> CodingPathNode, type: Any.Type,
        _ description: @autoclosure () -> ReportCollector.Description
    ) throws {
        if let entry { try rejectMalformedToken(in: entry, path: { path().path }) }
        note(kind, rule(), entry: entry, path: path(), type: type, description())
    }

    /// ``recordLeniency(_:_:entry:path:type:_:)`` for the value at `key` after `parent`, whose
    /// path is made only when the event is read where `key` is an array index.
    func recordLeniency(
        _ kind: EventKindCode, _ rule: @autoclosure () -> RuleCode, entry: Int?,
        parent: CodingPathNode, key: ChildKey, type: Any.Type,
        _ description: @autoclosure () -> ReportCollector.Description
    ) throws {
        if let entry { try rejectMalformedToken(in: entry, path: { parent.path(appending: key) }) }
        note(
            kind, rule(), entry: entry, place: .value(after: parent, at: key, entry: entry, in: map), type: type,
            description())
    }

    /// Throws the syntax error of the first malformed number or string in the value at `entry`
    /// (keys included); returns when it is well-formed JSON. Thrown rather than returned: a
    /// returned `DecodingError?` is destroyed through `Optional`'s value witnesses, found at run
    /// time, after every rule that acts (about 30 instructions for each coerced number of a messy
    /// canada, Benchmarks `instructions lenient messy_canada`).
    func rejectMalformedToken(in entry: Int, path: () -> [any CodingKey]) throws {
        guard entry < map.nullEntry else { return }
        let end = map.next(after: entry)
        var current = entry
        while current < end {
            switch map.kind(current) {
            case .number:
                let valid = map.isJSON5 ? JSON5Number(map.text(current)) != nil : map.numberShape(current) != nil
                if !valid {
                    throw DecodingErrors.malformedNumber(
                        path: path(), map: map, entry: current, describes: mode.describesErrors)
                }
            case .string where map.flags(current) & (ValueMap.complexString | ValueMap.nonASCIIString) != 0:
                do {
                    _ = try StringDecoding.decode(
                        map.text(current), flags: map.flags(current), base: map.offset(current), json5: map.isJSON5)
                } catch {
                    throw syntaxError(error, path())
                }
            default:
                break
            }
            current += 1
        }
    }
}
