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
public struct LenientDecodingReport: Sendable {
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

/// One thing leniency did, with where it happened.
///
/// A decode with a ``LenientDecodingReport`` adds one event per rule that changed the outcome.
/// Its ``description`` stands on its own in a log; ``kind``, ``path``, ``line`` and
/// ``column`` are there to filter and group events.
///
/// ```swift
/// let renamed = report.events.filter { $0.kind == .matchedKey }.map(\.path)
/// // ["$.first_name", "$.is_active"]
/// ```
public struct LenientDecodingEvent: Sendable, CustomStringConvertible {
    /// The kind of rule that changed the outcome.
    ///
    /// A rule's kind says what happened to the value, whichever policy setting allowed it.
    public enum Kind: Sendable, Equatable {
        /// A value was coerced to the requested type: a numeric string read as a number, a
        /// single value wrapped in an array, a date read by a fallback form, and the like.
        case coerced
        /// A key was found by normalized (fuzzy) matching (``LenientPolicy/KeyMatching/normalized``).
        case matchedKey
        /// A missing, `null` or invalid value was replaced by the type's default
        /// (``LenientPolicy/MissingValueHandling/useDefault``,
        /// ``LenientPolicy/InvalidValueHandling/recover``).
        case usedDefault
        /// A collection element that could not be decoded was dropped
        /// (``LenientPolicy/InvalidValueHandling/recover``).
        case droppedElement
        /// A value that could not be decoded became `nil`
        /// (``LenientPolicy/InvalidValueHandling/nilForOptionals`` and
        /// ``LenientPolicy/InvalidValueHandling/recover``).
        case recoveredAsNil
    }

    /// The kind of rule that changed the outcome.
    public var kind: Kind
    /// The JSON path of the value, such as `$.users[3].age` or `$['first name']`.
    ///
    /// Keys are spelled as the input spells them (`$.user_age` when the model says
    /// `userAge`); an absent key is spelled as the model's key.
    public var path: String
    /// The 1-based line of the value's first byte (a string's opening quote).
    ///
    /// `nil` for a JSON object tree (``LenientJSONDecoder/decode(_:fromJSONObject:report:)``),
    /// which has no text.
    public var line: Int?
    /// The 1-based column of the value's first byte (a string's opening quote).
    ///
    /// `nil` for a JSON object tree, which has no text.
    public var column: Int?
    /// One sentence saying where and what happened, so that a logged event stands on its own:
    /// the path, the line and column for `Data` input, then what the rule did.
    ///
    /// ```
    /// $.users[3].age (line 12, column 15): coerced string "12" to Int 12.
    /// $.users[3].age: coerced string "12" to Int 12.
    /// ```
    public var description: String

    /// Creates an event.
    ///
    /// Decoding creates the events of a report; this initializer is for tests and for code
    /// that builds reports of its own.
    ///
    /// - Parameters:
    ///   - kind: The kind of rule that changed the outcome.
    ///   - path: The JSON path of the value, such as `$.users[3].age`.
    ///   - line: The 1-based line of the value's first byte, or `nil` where there is no text.
    ///   - column: The 1-based column of the value's first byte, or `nil` where there is no text.
    ///   - description: One sentence saying where and what happened.
    public init(kind: Kind, path: String, line: Int?, column: Int?, description: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.column = column
        self.description = description
    }
}
