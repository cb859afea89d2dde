/// The counters behind ``LenientDecodingStatistics``: the patterns seen (kind, rule and path
/// pattern), each with its first event, and how many events and decodes each had.
///
/// A decode's events are counted from what the rules recorded (``EventBatch/patternGroups(among:)``)
/// and found among the known patterns by their ``PatternHashes`` hash; a path string is made only
/// for a pattern not seen before, and an event only as its first. The public class guards a value
/// of this type with its lock; the grouping that needs no lock (``groups(of:)``,
/// ``EventBatch/patternGroups(among:)``) is done outside it.
struct PatternCounts {
    typealias Pattern = LenientDecodingStatistics.Pattern
    typealias PatternKey = LenientDecodingStatistics.PatternKey

    /// The decodes added, with or without events.
    private(set) var decodes = 0
    /// The patterns seen, each with its first event; their ``LenientDecodingStatistics/Pattern/count``
    /// and ``LenientDecodingStatistics/Pattern/decodes`` are those of their first decode only: the
    /// counts are in ``tallies``.
    private var patterns: [Pattern] = []
    /// The counts of each of ``patterns``, apart from the patterns, so that counting a decode's
    /// events touches three words per pattern, not a whole pattern and its event.
    private var tallies: [Tally] = []
    private var index: [PatternKey: Int] = [:]
    /// The patterns by their ``PatternHashes`` hash, which covers kind, rule and path: what a
    /// decode's patterns are found by without making their path strings. As within one decode
    /// (``EventBatch/patternGroups(among:)``), two patterns are taken for one only if their 64-bit
    /// hashes collide.
    private var byHash = WordTable<Int>()

    /// The events of one pattern counted, and the decodes they were in.
    private struct Tally {
        var count: Int
        var decodes: Int
        /// The number (``decodes``) of the last decode counted here by hash, so that a decode with
        /// many events of the pattern counts once among its ``decodes``.
        var lastDecode: Int
    }

    /// The patterns with their counts.
    var counted: [Pattern] {
        zip(patterns, tallies).map { pattern, tally in
            var pattern = pattern
            (pattern.count, pattern.decodes) = (tally.count, tally.decodes)
            return pattern
        }
    }

    /// Each of `batches`, one decode's, with its groups; a group of a pattern that an earlier batch
    /// has (a report that collected several decodes) is merged into that batch's, by path.
    static func groups(of batches: [EventBatch]) -> [(batch: EventBatch, groups: [EventBatch.PatternGroup])] {
        if batches.count == 1 { return [(batches[0], batches[0].patternGroups())] }
        var grouped: [(batch: EventBatch, groups: [EventBatch.PatternGroup])] = []
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
        return grouped
    }

    /// Counts one decode, whose events are the groups of `grouped` (``groups(of:)``).
    mutating func add(_ grouped: [(batch: EventBatch, groups: [EventBatch.PatternGroup])]) {
        decodes += 1
        for (batch, groups) in grouped {
            for group in groups { count(group, of: batch) }
        }
    }

    /// Counts one decode whose events are `batch`, each event of a pattern seen before by its hash
    /// alone (a table lookup: a service's decodes mostly repeat the patterns of earlier ones).
    /// Returns whether it counted the decode (not when the batch's events are made already), and
    /// the positions of the events of patterns not seen before, which the caller groups
    /// (``EventBatch/patternGroups(among:)``) and counts (``count(_:of:)``).
    mutating func countKnown(_ batch: EventBatch) -> (counted: Bool, unknown: [Int]) {
        var unknown: [Int] = []
        let decode = decodes + 1
        // A run of events of one known pattern (the elements of an array, coerced alike) is
        // counted at its end, its pattern looked up once: a lookup and a tally's update per event
        // cost a messy canada's statistics about 40 instructions an event (Benchmarks
        // `instructions lenient-statistics`).
        var (runHash, runIndex, runCount): (UInt64, Int, Int) = (0, -1, 0)
        let counted = batch.forEachPatternHash { position, hash in
            if hash == runHash, runIndex >= 0 {
                runCount &+= 1
                return
            }
            guard let index = byHash[hash] else {
                unknown.append(position)
                return
            }
            if runIndex >= 0 { tallies[runIndex].count += runCount }
            (runHash, runIndex, runCount) = (hash, index, 1)
            if tallies[index].lastDecode != decode {
                tallies[index].decodes += 1
                tallies[index].lastDecode = decode
            }
        }
        if runIndex >= 0 { tallies[runIndex].count += runCount }
        if counted { decodes = decode }
        return (counted, unknown)
    }

    /// Counts `group` of `batch` in its pattern, found by hash or path, or in a new one.
    mutating func count(_ group: EventBatch.PatternGroup, of batch: EventBatch) {
        if let hash = group.hash, let known = byHash[UInt64(truncatingIfNeeded: hash)] {
            tallies[known].count += group.count
            tallies[known].decodes += 1
            return
        }
        let key = PatternKey(kind: group.kind, rule: group.rule, path: batch.path(of: group))
        let index: Int
        if let known = self.index[key] {
            index = known
            tallies[known].count += group.count
            tallies[known].decodes += 1
        } else {
            index = patterns.count
            self.index[key] = index
            patterns.append(
                Pattern(
                    kind: key.kind, rule: key.rule, path: key.path, count: group.count, decodes: 1,
                    first: batch.event(at: group.first)))
            tallies.append(Tally(count: group.count, decodes: 1, lastDecode: decodes))
        }
        if let hash = group.hash { byHash.set(index, for: UInt64(truncatingIfNeeded: hash)) }
    }
}

extension LenientDecodingStatistics {
    /// What tells patterns apart: kind, rule and path pattern.
    struct PatternKey: Hashable {
        var kind: LenientDecodingEvent.Kind
        var rule: LenientRule
        var path: String
    }
}
