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
    /// One readable sentence saying what happened.
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
