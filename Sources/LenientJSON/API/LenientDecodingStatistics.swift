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

    struct PatternKey: Hashable {
        var kind: LenientDecodingEvent.Kind
        var rule: LenientRule
        var path: String
    }

    private struct State {
        var decodes = 0
        /// The patterns seen, each with its first event; their ``Pattern/count`` and
        /// ``Pattern/decodes`` are those of their first decode only: the counts are in ``tallies``.
        var patterns: [Pattern] = []
        /// The counts of each of ``patterns``, apart from the patterns, so that counting a
        /// decode's events touches three words per pattern, not a whole ``Pattern`` and its event.
        var tallies: [Tally] = []
        var index: [PatternKey: Int] = [:]
        /// The patterns by their ``PatternHashes`` hash, which covers kind, rule and path: what a
        /// decode's patterns are found by without making their path strings. As within one decode
        /// (``EventBatch/patternGroups(among:)``), two patterns are taken for one only if their 64-bit
        /// hashes collide.
        var byHash = WordTable<Int>()

        /// The index of `group`'s pattern, found by its hash; `nil` when not found so.
        func known(_ group: EventBatch.PatternGroup) -> Int? {
            guard let hash = group.hash else { return nil }
            return byHash[UInt64(truncatingIfNeeded: hash)]
        }

        /// The patterns with their counts.
        var counted: [Pattern] {
            zip(patterns, tallies).map { pattern, tally in
                var pattern = pattern
                (pattern.count, pattern.decodes) = (tally.count, tally.decodes)
                return pattern
            }
        }
    }

    /// The events of one pattern counted, and the decodes they were in.
    private struct Tally {
        var count: Int
        var decodes: Int
        /// The number (``State/decodes``) of the last decode counted here by hash, so that a
        /// decode with many events of the pattern counts once among its ``decodes``.
        var lastDecode: Int
    }

    private let lock = NSLock()
    // Guarded by `lock` (as LenientJSONDecoder guards its settings).
    @exclusivity(unchecked) private nonisolated(unsafe) var state = State()

    /// Creates empty statistics.
    public init() {}

    /// Adds one decode's report.
    ///
    /// - Parameter report: The events of one decode (empty for a decode without events).
    public func add(_ report: LenientDecodingReport) {
        add(report.batches)
    }

    /// Adds one decode whose events are `batches`. Their patterns are counted from what the
    /// rules recorded (``EventBatch/patternGroups(among:)``), outside the lock, and found among the
    /// known ones by their hash; a path string is made only for a pattern not seen
    /// before, and an event only as its first.
    func add(_ batches: [EventBatch]) {
        if batches.count == 1, addKnown(batches[0]) { return }
        // Each batch with its groups; a group merged into an earlier batch's is counted there.
        var grouped: [(batch: EventBatch, groups: [EventBatch.PatternGroup])] = []
        if batches.count == 1 {
            grouped = [(batches[0], batches[0].patternGroups())]
        } else {
            // A report that collected several decodes: its batches' groups are merged by path.
            var merged: [PatternKey: (batch: Int, group: Int)] = [:]
            for batch in batches {
                var kept: [EventBatch.PatternGroup] = []
                for group in batch.patternGroups() {
                    let key = PatternKey(kind: group.kind, rule: group.rule, path: batch.path(of: group))
                    if let known = merged[key] {
                        if known.batch == grouped.count {
                            kept[known.group].count += group.count
                        } else {
                            grouped[known.batch].groups[known.group].count += group.count
                        }
                    } else {
                        merged[key] = (grouped.count, kept.count)
                        kept.append(group)
                    }
                }
                grouped.append((batch, kept))
            }
        }
        lock.lock()
        defer { lock.unlock() }
        state.decodes += 1
        for (batch, groups) in grouped {
            for group in groups { count(group, of: batch) }
        }
    }

    /// Adds one decode whose events are `batch`, unless its events are made already (then
    /// `false`): an event of a pattern seen before is counted by its hash alone, a table lookup
    /// under the lock; only the others are grouped (``EventBatch/patternGroups(among:)``) and
    /// counted as ``add(_:)-([EventBatch])`` counts every group. A service's decodes mostly repeat
    /// the patterns of earlier ones.
    private func addKnown(_ batch: EventBatch) -> Bool {
        var unknown: [Int] = []
        lock.lock()
        let decode = state.decodes + 1
        let counted = batch.forEachPatternHash { position, hash in
            guard let index = state.byHash[hash] else {
                unknown.append(position)
                return
            }
            state.tallies[index].count += 1
            if state.tallies[index].lastDecode != decode {
                state.tallies[index].decodes += 1
                state.tallies[index].lastDecode = decode
            }
        }
        if counted { state.decodes = decode }
        lock.unlock()
        guard counted else { return false }
        guard !unknown.isEmpty else { return true }
        let groups = batch.patternGroups(among: unknown)
        lock.lock()
        defer { lock.unlock() }
        for group in groups { count(group, of: batch) }
        return true
    }

    /// Counts `group` of `batch` in its pattern, found by hash or path, or in a new one. Called
    /// with `lock` held.
    private func count(_ group: EventBatch.PatternGroup, of batch: EventBatch) {
        if let known = state.known(group) {
            state.tallies[known].count += group.count
            state.tallies[known].decodes += 1
            return
        }
        let key = PatternKey(kind: group.kind, rule: group.rule, path: batch.path(of: group))
        let index: Int
        if let known = state.index[key] {
            index = known
            state.tallies[known].count += group.count
            state.tallies[known].decodes += 1
        } else {
            index = state.patterns.count
            state.index[key] = index
            state.patterns.append(
                Pattern(
                    kind: key.kind, rule: key.rule, path: key.path, count: group.count, decodes: 1,
                    first: batch.event(at: group.first)))
            state.tallies.append(Tally(count: group.count, decodes: 1, lastDecode: state.decodes))
        }
        if let hash = group.hash { state.byHash.set(index, for: UInt64(truncatingIfNeeded: hash)) }
    }

    /// The counters now.
    public var snapshot: Snapshot {
        lock.lock()
        defer { lock.unlock() }
        return Snapshot(decodes: state.decodes, patterns: state.counted)
    }

    /// Forgets every decode and pattern.
    public func reset() {
        lock.lock()
        defer { lock.unlock() }
        state = State()
    }
}
