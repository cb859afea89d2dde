/// What leniency did during one decode: every coercion, fuzzy key match, default, dropped
/// element and recovery to `nil`.
///
/// ```swift
/// var report = LenientDecodingReport()
/// let user = try decoder.decode(User.self, from: data, report: &report)
/// for event in report.events { print(event) }
/// ```
public struct LenientDecodingReport: Sendable {
    /// Creates an empty report.
    public init() { events = [] }
    /// The events in the order they happened.
    public var events: [LenientDecodingEvent]

    /// The events grouped by kind and path pattern, one line per group, for logs.
    ///
    /// A path pattern is an event's path with every array index written `[*]`, so the same
    /// rule acting on each element of an array is one group. Each line gives the kind, the
    /// pattern, the number of events and the description of the group's first event; lines
    /// come in the order of each group's first event, and an empty report gives `""`:
    ///
    /// ```
    /// matchedKey $.statuses[*].user.ID ×160 — first: $.statuses[0].user.ID (line 4, column 9): matched key "ID" to "id".
    /// coerced $.statuses[*].retweets ×2 — first: $.statuses[7].retweets (line 88, column 21): coerced "12" to Int 12.
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
                result += String(characters[i ..< stop])
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
public struct LenientDecodingEvent: Sendable, CustomStringConvertible {
    /// The kind of rule that changed the outcome.
    public enum Kind: Sendable, Equatable {
        /// A value was coerced to the requested type.
        case coerced
        /// A key was found by normalized (fuzzy) matching.
        case matchedKey
        /// A missing, `null` or invalid value was replaced by the type's default.
        case usedDefault
        /// A collection element that could not be decoded was dropped.
        case droppedElement
        /// A value that could not be decoded became `nil`.
        case recoveredAsNil
    }

    /// The kind of rule that changed the outcome.
    public var kind: Kind
    /// The JSON path of the value, such as `$.users[3].age`.
    public var path: String
    /// The 1-based line of the value's first byte (`Data` input only).
    public var line: Int?
    /// The 1-based column of the value's first byte (`Data` input only).
    public var column: Int?
    /// One sentence saying where and what happened, so that a logged event stands on its own:
    /// the path, the line and column for `Data` input, then what the rule did.
    ///
    /// ```
    /// $.users[3].age (line 12, column 15): coerced "12" to Int 12.
    /// $.users[3].age: coerced "12" to Int 12.
    /// ```
    public var description: String

    /// Creates an event.
    public init(kind: Kind, path: String, line: Int?, column: Int?, description: String) {
        self.kind = kind
        self.path = path
        self.line = line
        self.column = column
        self.description = description
    }
}
