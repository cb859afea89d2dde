// With `statistics` set, a decode hashes each event's path pattern as the rule fires, looking
// parents up by the identity of their path nodes (Report/PatternHashes.swift); an attempt that
// fails takes its events back and may free their nodes, whose addresses later nodes reuse.
// These tests decode generated documents full of such attempts, and of elements of nested
// arrays (whose events keep both indices rather than the inner array's node), and check every
// event's path and every pattern's count against what the document says.

import Foundation
import LenientJSON
import Testing

@Suite("Statistics over abandoned attempts and nested arrays")
struct StatisticsAttemptTests {
    /// The model of the generated documents (Support/AttemptDocument.swift).
    typealias Item = AttemptItem
    /// A generated document and the paths its events must have (Support/AttemptDocument.swift).
    typealias Case = AttemptDocument

    /// The events' paths are those the document calls for, and statistics counted as the rules
    /// fired equal statistics counted from the events, and the counts the document calls for.
    @Test("Paths and pattern counts are exact over abandoned attempts", arguments: 0..<48)
    func patternsOverAbandonedAttempts(seed: UInt64) throws {
        let generated = Case(seed: seed)
        let statistics = LenientDecodingStatistics()
        let decoder = LenientJSONDecoder()
        decoder.statistics = statistics
        var report = LenientDecodingReport()
        _ = try decoder.decode([Item].self, from: Data(generated.json.utf8), report: &report)
        #expect(report.events.map(\.path) == generated.expected)

        var made = LenientDecodingReport()
        made.events = report.events
        let fromEvents = LenientDecodingStatistics()
        fromEvents.add(made)
        #expect(statistics.snapshot == fromEvents.snapshot)

        var counts: [String: Int] = [:]
        for path in generated.expected {
            let pattern = path.replacingOccurrences(of: #"\[[0-9]+\]"#, with: "[*]", options: .regularExpression)
            counts[pattern, default: 0] += 1
        }
        let counted = Dictionary(
            statistics.snapshot.patterns.map { ($0.path, $0.count) }, uniquingKeysWith: +)
        #expect(counted == counts)
    }

    /// A decoder whose events only `statistics` read reuses its records' storage from one decode
    /// to the next (LenientJSONDecoder.keepSpareRecords): over many decodes, 8 at a time, its
    /// counts equal those of the same decodes' reports, and nothing of one decode's records is
    /// counted in another's.
    @Test("Statistics alone count every decode exactly, 8 decodes at a time")
    func statisticsAloneOverConcurrentDecodes() async throws {
        let cases = (0..<16).map { Case(seed: UInt64(100 + $0)) }
        let counting = LenientJSONDecoder()
        let statistics = LenientDecodingStatistics()
        counting.statistics = statistics
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<cases.count where index % 8 == task || index % 2 == 0 {
                        _ = try counting.decode([Item].self, from: Data(cases[index].json.utf8))
                    }
                }
            }
            try await group.waitForAll()
        }
        let fromEvents = LenientDecodingStatistics()
        for task in 0..<8 {
            for index in 0..<cases.count where index % 8 == task || index % 2 == 0 {
                var report = LenientDecodingReport()
                _ = try LenientJSONDecoder().decode([Item].self, from: Data(cases[index].json.utf8), report: &report)
                var made = LenientDecodingReport()
                made.events = report.events
                fromEvents.add(made)
            }
        }
        let counted = statistics.snapshot
        let expected = fromEvents.snapshot
        #expect(counted.decodes == expected.decodes)
        #expect(
            Dictionary(counted.patterns.map { ($0.path, $0.count) }, uniquingKeysWith: +)
                == Dictionary(expected.patterns.map { ($0.path, $0.count) }, uniquingKeysWith: +))
        #expect(counted.patterns.reduce(0) { $0 + $1.count } > 100)
    }
}
