/// What leniency did during one decode: every coercion, fuzzy key match, default, dropped
/// element and recovery to `nil`.
///
/// Pass a report to ``LenientJSONDecoder/decode(_:from:report:)`` or
/// ``LenientJSONDecoder/decode(_:fromJSONObject:report:)``; the decode appends one
/// ``LenientDecodingEvent`` per rule that changed the outcome. The report describes the value
/// returned, nothing else: an attempt that was abandoned leaves no event. Without a report, a
/// decode does no reporting work at all.
///
/// ```swift
/// var report = LenientDecodingReport()
/// let user = try decoder.decode(User.self, from: data, report: &report)
/// for event in report.events { print(event) }
/// // $.id (line 1, column 8): coerced string "1001" to Int 1001.
/// // $.first_name (line 1, column 30): matched key "first_name" to "firstName".
/// ```
///
/// For logs, ``summary`` groups the events by kind and path pattern.
public struct LenientDecodingReport: Sendable, Hashable, Codable {
    /// Creates an empty report.
    ///
    /// One report may collect the events of several decodes, in turn.
    public init() { events = [] }
    /// The events in the order they happened.
    ///
    /// Each decode appends its events after those already here.
    public var events: [LenientDecodingEvent]

    /// The events grouped by kind and path pattern, one line per group, for logs.
    ///
    /// A path pattern is an event's path with every array index written `[*]`, so the same
    /// rule acting on each element of an array is one group. Each line gives the kind, the
    /// pattern, the number of events and the description of the group's first event; lines
    /// come in the order of each group's first event, and an empty report gives `""`:
    ///
    /// ```
    /// matchedKey $.users[*].ID ×160 — first: $.users[0].ID (line 4, column 9): matched key "ID" to "id".
    /// coerced $.users[*].age ×2 — first: $.users[7].age (line 88, column 21): coerced string "12" to Int 12.
    /// ```
    ///
    /// - Note: Use ``events`` to see every event; the summary keeps only the first of each group.
    public var summary: String {
        var groups: [(kind: LenientDecodingEvent.Kind, pattern: String, count: Int, first: LenientDecodingEvent)] = []
        var index: [String: Int] = [:]
        for event in events {
            let pattern = Self.pattern(of: event.path)
            let key = "\(event.kind) \(pattern)"
            if let group = index[key] {
                groups[group].count += 1
            } else {
                index[key] = groups.count
                groups.append((event.kind, pattern, 1, event))
            }
        }
        return groups.map { "\($0.kind) \($0.pattern) ×\($0.count) — first: \($0.first.description)" }
            .joined(separator: "\n")
    }

    /// `path` with every array index replaced by `*`: `$.users[3].tags[0]` → `$.users[*].tags[*]`.
    /// Quoted names (`$['a[1]']`) are kept as they are.
    static func pattern(of path: String) -> String {
        let characters = Array(path)
        var result = ""
        var i = 0
        while i < characters.count {
            let character = characters[i]
            if character == "[", i + 1 < characters.count, characters[i + 1] == "'" {
                // A quoted name, up to the unescaped quote that closes it.
                var end = i + 2
                while end < characters.count, characters[end] != "'" { end += characters[end] == "\\" ? 2 : 1 }
                let stop = Swift.min(end + 1, characters.count)
                result += String(characters[i..<stop])
                i = stop
                continue
            }
            if character == "[" {
                var end = i + 1
                while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
                if end > i + 1, end < characters.count, characters[end] == "]" {
                    result += "[*]"
                    i = end + 1
                    continue
                }
            }
            result.append(character)
            i += 1
        }
        return result
    }
}
