import Foundation

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
    public init() { storage = nil }

    /// The events in the order they happened.
    ///
    /// Each decode appends its events after those already here. A decode only records what
    /// each rule did; the events' paths and positions are made the first time they are read,
    /// and each event's found value, type and description the first time that is read, so a
    /// report that is never read costs little. Until then the report keeps the decoded document.
    public var events: [LenientDecodingEvent] {
        get { storage?.events ?? [] }
        set { storage = newValue.isEmpty ? nil : ReportStorage(batches: [EventBatch(events: newValue)]) }
    }

    /// The decodes' batches of events, read when first asked for; `nil` when there are none.
    private var storage: ReportStorage?

    /// A report of one decode's events.
    init(_ batch: EventBatch) { storage = ReportStorage(batches: [batch]) }

    /// Appends one decode's events.
    mutating func append(_ batch: EventBatch) {
        storage = ReportStorage(batches: (storage?.batches ?? []) + [batch])
    }

    /// The batches of events, one per decode (or per `events` set).
    var batches: [EventBatch] { storage?.batches ?? [] }

    /// Whether two reports hold the same events, in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.events == rhs.events }

    /// Hashes the report's events.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) { hasher.combine(events) }

    private enum CodingKeys: String, CodingKey {
        case events
    }

    /// Creates a report from its JSON form, `{"events": [...]}`.
    ///
    /// - Parameter decoder: The decoder to read from.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        storage = nil
        events = try container.decode([LenientDecodingEvent].self, forKey: .events)
    }

    /// Writes the report as `{"events": [...]}`, each event in its flat form.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(events, forKey: .events)
    }

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
        // Each batch adds its lines in the order of their first events (``SummaryWriter``): a
        // decode's from its records, making only each line's first event's path and description
        // (``EventBatch/addSummaryLines(to:)``); a batch of events made already from its events.
        var writer = SummaryWriter()
        for batch in batches where !batch.addSummaryLines(to: &writer) {
            let groups = batch.patternGroups()
            for (group, first) in zip(groups, batch.events(at: groups.map(\.first))) {
                writer.startKey()
                writer.appendKeyBytes(group.kind.rawValue.utf8)
                writer.appendKeyBytes(CollectionOfOne(UInt8(ascii: " ")))
                writer.appendKeyBytes((group.builtPath ?? Self.pattern(of: first.path)).utf8)
                if let line = writer.endKey(count: group.count) {
                    writer.setDescription(of: line) { $0.append(contentsOf: first.description.utf8) }
                }
            }
        }
        return writer.text
    }

    /// `path` with every array index replaced by `*`: `$.users[3].tags[0]` → `$.users[*].tags[*]`.
    /// Quoted names (`$['a[1]']`) are kept as they are.
    static func pattern(of path: String) -> String {
        var path = path
        var result: [UInt8] = []
        path.withUTF8 { appendPattern(of: $0, to: &result) }
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends ``pattern(of:)`` of the path whose UTF-8 bytes are `bytes` to `result`: what a
    /// summary written from a decode's records groups by (``SummaryWriter``).
    static func appendPattern(of bytes: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]) {
        // Bytes, not Characters: every byte the rule looks for is ASCII, and a UTF-8
        // continuation byte never equals one of them. The bytes between the indices replaced are
        // appended a run at a time: a byte at a time, the appends were a tenth of a messy
        // twitter's summary (Benchmarks `instructions lenient-report-summary`). No room is reserved: room
        // for exactly one more path can make each path's append a copy of the whole buffer, where
        // the appends alone grow it geometrically.
        var copied = 0
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "[") else {
                i += 1
                continue
            }
            if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "'") {
                // A quoted name, kept up to the unescaped quote that closes it.
                var end = i + 2
                while end < bytes.count, bytes[end] != UInt8(ascii: "'") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                i = Swift.min(end + 1, bytes.count)
                continue
            }
            var end = i + 1
            while end < bytes.count, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") { end += 1 }
            guard end > i + 1, end < bytes.count, bytes[end] == UInt8(ascii: "]") else {
                i += 1
                continue
            }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<i]))
            result.append(literal: "[*]")
            i = end + 1
            copied = i
        }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
    }
}

/// A report's batches, immutable once made; with more than one, their events joined once, at
/// the first read, so that reading `events` again costs nothing.
private final class ReportStorage: @unchecked Sendable {
    let batches: [EventBatch]
    private let lock = NSLock()
    // Guarded by `lock`.
    private var joined: [LenientDecodingEvent]?

    init(batches: [EventBatch]) { self.batches = batches }

    var events: [LenientDecodingEvent] {
        if batches.count == 1 { return batches[0].events }
        lock.lock()
        defer { lock.unlock() }
        if let joined { return joined }
        let events = batches.flatMap(\.events)
        joined = events
        return events
    }
}
