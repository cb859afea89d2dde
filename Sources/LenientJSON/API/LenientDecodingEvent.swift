/// One thing leniency did, with where it happened.
///
/// A decode with a ``LenientDecodingReport`` adds one event per rule that changed the outcome.
/// Its ``description`` stands on its own in a log; ``kind``, ``rule``, ``path``, ``pointer``,
/// ``line``, ``column`` and ``offset`` are there to filter and group events, and ``found`` and
/// ``type`` say what was read as what.
///
/// ```swift
/// let renamed = report.events.filter { $0.kind == .matchedKey }.map(\.path)
/// // ["$.first_name", "$.is_active"]
/// ```
///
/// An event is `Codable` as one flat JSON object with the members `kind`, `rule`, `path`,
/// `pointer`, `line`, `column`, `offset`, `found`, `type` and `description` (absent ones
/// omitted), ready for a log line or a metrics pipeline.
public struct LenientDecodingEvent: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The kind of rule that changed the outcome.
    ///
    /// A rule's kind says what happened to the value, whichever policy setting allowed it. It is
    /// a struct with static members, not an enum, so that new kinds can come without breaking a
    /// `switch` over the kinds (give it a `default:`). It is `Codable` as its name, a JSON string
    /// (the standard library's coding of a `String` raw value).
    public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// The kind's name, as ``description`` and the JSON form give it: `"coerced"`.
        public let rawValue: String

        /// Creates a kind from its name.
        ///
        /// - Parameter rawValue: The kind's name, such as `"coerced"`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A value was coerced to the requested type: a numeric string read as a number, a
        /// single value wrapped in an array, a date read by a fallback form, and the like.
        public static let coerced = Kind(rawValue: "coerced")
        /// A key was found by normalized (fuzzy) matching (``LenientPolicy/KeyMatching/normalized``),
        /// a registered alias or a key path.
        public static let matchedKey = Kind(rawValue: "matchedKey")
        /// A missing, `null` or invalid value was replaced by the type's default
        /// (``LenientPolicy/MissingValueHandling/useDefault``,
        /// ``LenientPolicy/InvalidValueHandling/recover``) or a registered one.
        public static let usedDefault = Kind(rawValue: "usedDefault")
        /// A collection element that could not be decoded was dropped
        /// (``LenientPolicy/InvalidValueHandling/recover``).
        public static let droppedElement = Kind(rawValue: "droppedElement")
        /// A value that could not be decoded became `nil`
        /// (``LenientPolicy/InvalidValueHandling/nilForOptionals`` and
        /// ``LenientPolicy/InvalidValueHandling/recover``).
        public static let recoveredAsNil = Kind(rawValue: "recoveredAsNil")
        /// An object member that no model read (rule ``LenientRule/keyUnused``).
        public static let unusedKey = Kind(rawValue: "unusedKey")
        /// Text around a model's JSON answer was skipped (rule ``LenientRule/textSkipped``).
        public static let skippedText = Kind(rawValue: "skippedText")

        /// The kind's name: `coerced`.
        public var description: String { rawValue }
    }

    /// The kind of rule that changed the outcome.
    public var kind: Kind
    /// The rule that acted, by its code: ``LenientRule/numberFromString`` (`number.fromString`),
    /// ``LenientRule/keyNormalized`` (`key.normalized`), and so on.
    public var rule: LenientRule
    /// The JSON path of the value, such as `$.users[3].age` or `$['first name']`.
    ///
    /// Keys are spelled as the input spells them (`$.user_age` when the model says
    /// `userAge`); an absent key is spelled as the model's key.
    public var path: String
    /// The RFC 6901 JSON Pointer of the same place: `/users/3/age`, `""` for the root.
    ///
    /// Keys are spelled as in ``path``, with `~` written `~0` and `/` written `~1`.
    public var pointer: String
    /// The 1-based line of the value's first byte (a string's opening quote).
    ///
    /// `nil` for a JSON object tree (``LenientJSONDecoder/decode(_:fromJSONObject:report:)``),
    /// which has no text, and for a missing key. A decode's event makes it the first time it is
    /// read.
    public var line: Int? {
        get {
            if pending.contains(.line), let details { return details.location(of: detailIndex)?.line }
            return stored.line
        }
        set {
            store { $0.line = newValue }
            settle(.line)
        }
    }
    /// The 1-based column of the value's first byte (a string's opening quote).
    ///
    /// `nil` for a JSON object tree, which has no text, and for a missing key. A decode's event
    /// makes it the first time it is read.
    public var column: Int? {
        get {
            if pending.contains(.column), let details { return details.location(of: detailIndex)?.column }
            return stored.column
        }
        set {
            store { $0.column = newValue }
            settle(.column)
        }
    }
    /// The 0-based byte offset of the value's first byte (a string's opening quote) in the
    /// `Data` as given.
    ///
    /// `nil` for a JSON object tree, which has no text, and for a missing key.
    public var offset: Int?
    /// The input's value at the place, or `nil` where there is none (a missing key).
    ///
    /// A decode's event makes it the first time it is read.
    public var found: JSONValue? {
        get {
            if pending.contains(.found), let details { return details.found(of: detailIndex) }
            return stored.found
        }
        set {
            store { $0.found = newValue }
            settle(.found)
        }
    }
    /// The Swift type decoded at the place, as `String(describing:)` writes it: `"Int"`,
    /// `"Optional<Int>"`, `"Plan"`.
    ///
    /// A decode's event makes it the first time it is read.
    public var type: String {
        get {
            if pending.contains(.type), let details { return details.type(of: detailIndex) }
            return stored.type
        }
        set {
            store { $0.type = newValue }
            settle(.type)
        }
    }
    /// One sentence saying where and what happened, so that a logged event stands on its own:
    /// the path, the line and column for `Data` input, then what the rule did.
    ///
    /// ```
    /// $.users[3].age (line 12, column 15): coerced string "12" to Int 12.
    /// $.users[3].age: coerced string "12" to Int 12.
    /// ```
    ///
    /// A decode's event makes it the first time it is read.
    public var description: String {
        get {
            if pending.contains(.description), let details { return details.description(of: detailIndex) }
            return stored.description
        }
        set {
            store { $0.description = newValue }
            settle(.description)
        }
    }

    /// The fields stored rather than made by ``details``: those given to the public initializer,
    /// decoded, set, or made once and kept (``settled()``).
    private struct StoredFields: Sendable {
        var line: Int?
        var column: Int?
        var found: JSONValue?
        var type = ""
        var description = ""
    }

    /// ``StoredFields`` behind one reference, never changed once made: a decode's event, which
    /// stores none, holds `nil`. Stored inline, the five fields made an event 185 bytes, copied
    /// and destroyed field by field: reading every event of a messy canada cost 362.8 M
    /// instructions a decode, now 356.5 M (Benchmarks `instructions lenient-report-read`).
    private final class StoredBox: Sendable {
        let fields: StoredFields
        init(_ fields: StoredFields) { self.fields = fields }
    }

    private var storedBox: StoredBox?

    private var stored: StoredFields { storedBox?.fields ?? StoredFields() }

    /// Stores the stored fields as `change` leaves them, in a box of their own: copies of the
    /// event keep theirs.
    private mutating func store(_ change: (inout StoredFields) -> Void) {
        var fields = stored
        change(&fields)
        storedBox = StoredBox(fields)
    }

    /// Where the fields in ``pending`` are made, on their first read (a decode's event): its
    /// batch's details, in which it is event ``detailIndex``; `nil` once every field is stored.
    private var details: EventDetails?
    private var detailIndex = 0
    /// The fields that ``details`` makes, not the stored ones.
    private var pending: Pending = []

    /// Fields of an event made on their first read (``EventDetails``).
    private struct Pending: OptionSet, Sendable {
        let rawValue: UInt8
        static let found = Pending(rawValue: 1)
        static let type = Pending(rawValue: 2)
        static let description = Pending(rawValue: 4)
        static let line = Pending(rawValue: 8)
        static let column = Pending(rawValue: 16)
    }

    /// How many of the found value, type and description are still to be made on their first
    /// read: what `ReportLazyDetailsTests` checks.
    var unmadeFieldCount: Int {
        guard let details else { return 0 }
        let unmade = details.unmade(detailIndex)
        return [
            pending.contains(.found) && unmade.found, pending.contains(.type) && unmade.type,
            pending.contains(.description) && unmade.description,
        ].filter { $0 }.count
    }

    /// Whether the line or the column is still to be made on its first read: what
    /// `ReportLazyDetailsTests` checks.
    var hasUnmadeLocation: Bool {
        guard let details, !pending.isDisjoint(with: [.line, .column]) else { return false }
        return details.unmade(detailIndex).location
    }

    /// Whether the event still holds its record, and the document it points into: until all of
    /// its fields are made (``EventDetails``).
    var holdsRecord: Bool { details?.holdsRecord(detailIndex) ?? false }

    /// Stores `field` from now on, and lets the details go once nothing is made by them.
    private mutating func settle(_ field: Pending) {
        pending.remove(field)
        if pending.isEmpty { details = nil }
    }

    /// Creates an event.
    ///
    /// Decoding creates the events of a report; this initializer is for tests and for code
    /// that builds reports of its own.
    ///
    /// - Parameters:
    ///   - kind: The kind of rule that changed the outcome.
    ///   - rule: The rule that acted.
    ///   - path: The JSON path of the value, such as `$.users[3].age`.
    ///   - pointer: The JSON Pointer of the value, such as `/users/3/age`.
    ///   - line: The 1-based line of the value's first byte, or `nil` where there is no text.
    ///   - column: The 1-based column of the value's first byte, or `nil` where there is no text.
    ///   - offset: The 0-based byte offset of the value's first byte, or `nil` where there is no text.
    ///   - found: The input's value there, or `nil` where there is none.
    ///   - type: The Swift type decoded there, such as `"Int"`.
    ///   - description: One sentence saying where and what happened.
    public init(
        kind: Kind, rule: LenientRule, path: String, pointer: String, line: Int?, column: Int?, offset: Int?,
        found: JSONValue?, type: String, description: String
    ) {
        self.kind = kind
        self.rule = rule
        self.path = path
        self.pointer = pointer
        self.offset = offset
        storedBox = StoredBox(
            StoredFields(line: line, column: column, found: found, type: type, description: description))
    }

    /// A decode's event, whose line, column, found value, type and description `details` makes
    /// when first read, where it is event `index`.
    init(
        kind: Kind, rule: LenientRule, path: String, pointer: String, offset: Int?, details: EventDetails, index: Int
    ) {
        // Each stored property set here, not through the public initializer and then changed:
        // that copied and destroyed the whole event twice, a sixth of reading a messy twitter's
        // events (Benchmarks `lenient-report-read`).
        self.kind = kind
        self.rule = rule
        self.path = path
        self.pointer = pointer
        self.offset = offset
        storedBox = nil
        self.details = details
        detailIndex = index
        pending = [.found, .type, .description, .line, .column]
    }

    /// The event with every field made and stored, its details let go: what is kept for long
    /// (``LenientDecodingStatistics``' first events) keeps no document.
    func settled() -> Self {
        guard details != nil else { return self }
        var event = self
        event.storedBox = StoredBox(
            StoredFields(line: line, column: column, found: found, type: type, description: description))
        event.pending = []
        event.details = nil
        return event
    }

    /// Whether two events have the same kind, rule, path, pointer, position, found value, type
    /// and description.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.rule == rhs.rule && lhs.path == rhs.path && lhs.pointer == rhs.pointer
            && lhs.line == rhs.line && lhs.column == rhs.column && lhs.offset == rhs.offset && lhs.found == rhs.found
            && lhs.type == rhs.type && lhs.description == rhs.description
    }

    /// Hashes the event's fields, those that ``==(_:_:)`` compares.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(rule)
        hasher.combine(path)
        hasher.combine(pointer)
        hasher.combine(line)
        hasher.combine(column)
        hasher.combine(offset)
        hasher.combine(found)
        hasher.combine(type)
        hasher.combine(description)
    }

    /// Creates an event with only a kind, a path, a position and a description.
    ///
    /// The rule is left empty (`LenientRule(rawValue: "")`), the pointer is `""`, and there is
    /// no offset, found value or type.
    ///
    /// - Parameters:
    ///   - kind: The kind of rule that changed the outcome.
    ///   - path: The JSON path of the value, such as `$.users[3].age`.
    ///   - line: The 1-based line of the value's first byte, or `nil` where there is no text.
    ///   - column: The 1-based column of the value's first byte, or `nil` where there is no text.
    ///   - description: One sentence saying where and what happened.
    public init(kind: Kind, path: String, line: Int?, column: Int?, description: String) {
        self.init(
            kind: kind, rule: LenientRule(rawValue: ""), path: path, pointer: "", line: line, column: column,
            offset: nil, found: nil, type: "", description: description)
    }

    private enum CodingKeys: String, CodingKey {
        case kind, rule, path, pointer, line, column, offset, found, type, description
    }

    /// Decodes an event from its flat JSON object.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        rule = try container.decode(LenientRule.self, forKey: .rule)
        path = try container.decode(String.self, forKey: .path)
        pointer = try container.decode(String.self, forKey: .pointer)
        let line = try container.decodeIfPresent(Int.self, forKey: .line)
        let column = try container.decodeIfPresent(Int.self, forKey: .column)
        offset = try container.decodeIfPresent(Int.self, forKey: .offset)
        // A found `null` is a value, not an absent member.
        let found = container.contains(.found) ? try container.decode(JSONValue.self, forKey: .found) : nil
        storedBox = StoredBox(
            StoredFields(
                line: line, column: column, found: found, type: try container.decode(String.self, forKey: .type),
                description: try container.decode(String.self, forKey: .description)))
    }

    /// Encodes the event as one flat JSON object; absent members are omitted.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(rule, forKey: .rule)
        try container.encode(path, forKey: .path)
        try container.encode(pointer, forKey: .pointer)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encodeIfPresent(column, forKey: .column)
        try container.encodeIfPresent(offset, forKey: .offset)
        if let found { try container.encode(found, forKey: .found) }
        try container.encode(type, forKey: .type)
        try container.encode(description, forKey: .description)
    }
}
