import Foundation

/// Many decodes' reports folded into counters: what a long-running service keeps, and compares
/// with yesterday's.
///
/// Each ``add(_:)`` counts one decode; its events are counted per pattern (kind, rule and path
/// with every array index written `[*]`), so memory grows with the number of distinct patterns,
/// not with the events. Safe to use from any number of threads at once.
///
/// A decode's events are told apart by a 64-bit hash of their pattern, seeded per process, and
/// a pattern's path string is made once, when it is first seen; two patterns count as one only
/// if their hashes collide (about one chance in 2⁶⁴ per pair).
///
/// ```swift
/// let statistics = LenientDecodingStatistics()
/// statistics.add(report)                       // after each decode
/// let today = statistics.snapshot
/// for pattern in today.newPatterns(since: yesterday) { log.warning("\(pattern.path): \(pattern.rule)") }
/// ```
public final class LenientDecodingStatistics: Sendable {
    /// The counters at one moment: `Codable`, to keep as a baseline.
    public struct Snapshot: Sendable, Codable, Equatable {
        /// The decodes added, with or without events.
        public var decodes: Int
        /// The patterns seen, in first-seen order.
        public var patterns: [Pattern]

        /// Creates a snapshot.
        ///
        /// - Parameters:
        ///   - decodes: The decodes added, with or without events.
        ///   - patterns: The patterns seen, in first-seen order.
        public init(decodes: Int = 0, patterns: [Pattern] = []) {
            self.decodes = decodes
            self.patterns = patterns
        }

        /// The patterns here that `baseline` does not have (by kind, rule and path): drift,
        /// such as a field that started arriving as a string.
        ///
        /// - Parameter baseline: An earlier snapshot, such as yesterday's.
        /// - Returns: The new patterns, in first-seen order.
        public func newPatterns(since baseline: Snapshot) -> [Pattern] {
            let known = Set(baseline.patterns.map(\.key))
            return patterns.filter { !known.contains($0.key) }
        }

        /// One line per pattern, as ``LenientDecodingReport/summary`` gives them, after a line
        /// with the number of decodes.
        public var summary: String {
            let head = decodes == 1 ? "1 decode" : "\(decodes) decodes"
            return
                ([head]
                + patterns.map {
                    "\($0.kind) \($0.rule) \($0.path) ×\($0.count) in \($0.decodes) — first: \($0.first.description)"
                })
                .joined(separator: "\n")
        }
    }

    /// The events of one kind and rule at one path pattern, across decodes.
    public struct Pattern: Sendable, Codable, Hashable {
        /// The events' kind.
        public var kind: LenientDecodingEvent.Kind
        /// The events' rule.
        public var rule: LenientRule
        /// The path with every array index written `[*]`: `$.users[*].age`.
        public var path: String
        /// The events counted.
        public var count: Int
        /// The decodes in which the pattern occurred.
        public var decodes: Int
        /// The first event of the pattern.
        public var first: LenientDecodingEvent

        var key: PatternKey { PatternKey(kind: kind, rule: rule, path: path) }
    }

    private let lock = NSLock()
    // Guarded by `lock` (as LenientJSONDecoder guards its settings).
    private nonisolated(unsafe) var counts = PatternCounts()

    /// Creates empty statistics.
    public init() {}

    /// Adds one decode's report.
    ///
    /// - Parameter report: The events of one decode (empty for a decode without events).
    public func add(_ report: LenientDecodingReport) {
        add(report.batches)
    }

    /// Adds one decode whose events are `batches` (``PatternCounts``): its patterns are grouped
    /// outside the lock, and counted under it.
    func add(_ batches: [EventBatch]) {
        if batches.count == 1, addKnown(batches[0]) { return }
        let grouped = PatternCounts.groups(of: batches)
        lock.lock()
        defer { lock.unlock() }
        counts.add(grouped)
    }

    /// Adds one decode whose events are `batch`, unless its events are made already (then
    /// `false`): an event of a pattern seen before is counted by its hash alone, under the lock;
    /// only the others are grouped, outside it, then counted (``PatternCounts/countKnown(_:)``).
    private func addKnown(_ batch: EventBatch) -> Bool {
        lock.lock()
        let (counted, unknown) = counts.countKnown(batch)
        lock.unlock()
        guard counted else { return false }
        guard !unknown.isEmpty else { return true }
        let groups = batch.patternGroups(among: unknown)
        lock.lock()
        defer { lock.unlock() }
        for group in groups { counts.count(group, of: batch) }
        return true
    }

    /// The counters now.
    public var snapshot: Snapshot {
        lock.lock()
        defer { lock.unlock() }
        return Snapshot(decodes: counts.decodes, patterns: counts.counted)
    }

    /// Forgets every decode and pattern.
    public func reset() {
        lock.lock()
        defer { lock.unlock() }
        counts = PatternCounts()
    }
}
