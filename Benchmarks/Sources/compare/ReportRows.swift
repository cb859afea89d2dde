// What a report costs: LenientJSON on each corpus and on each corpus made messy (MessyCorpus,
// seed 7), without a report, with a `report:` argument, with `statistics` set, and with a
// `report:` argument and `reportsUnusedKeys`, and with a report read (its `summary`, or every
// event's rule, path and pointer), each as a ratio to the decode without a report (issue #23's
// targets: clean corpora within 5 %, messy ones within 25 %; with unused keys 10 % and 35 %;
// issue #36's: messy `statistics` within 15 %, a summary read within 25 %, every event read within
// 50 %, clean corpora within 3 %).
//
//   compare --reports [iterations=30] [warmup=3]     (these rows alone)

import Foundation
import LenientJSON

enum ReportRows {
    /// The seed of the messy corpora.
    static let seed: UInt64 = 7

    struct Row {
        let label: String
        let events: Int
        let plain: Double
        let report: Double
        let statistics: Double
        let unused: Double
        let summary: Double
        let read: Double
    }

    /// Runs the three decodes of `data` as `Model` `warmup` times, then `iterations` times in
    /// turn (the first of each round rotating), and returns their medians in milliseconds.
    struct Measure: CorpusModelVisitor {
        let data: Data
        let label: String
        let iterations: Int
        let warmup: Int
        func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws -> Row {
            let plain = LenientJSONDecoder()
            let reporting = LenientJSONDecoder()
            let counting = LenientJSONDecoder()
            counting.statistics = LenientDecodingStatistics()
            let tracking = LenientJSONDecoder()
            tracking.reportsUnusedKeys = true
            var probe = LenientDecodingReport()
            let expected = try plain.decode(model, from: data)
            guard try reporting.decode(model, from: data, report: &probe) == expected,
                try counting.decode(model, from: data) == expected
            else { throw CocoaError(.coderInvalidValue) }
            let runs: [() throws -> Void] = [
                { withExtendedLifetime(try plain.decode(model, from: data)) {} },
                {
                    var report = LenientDecodingReport()
                    withExtendedLifetime((try reporting.decode(model, from: data, report: &report), report)) {}
                },
                { withExtendedLifetime(try counting.decode(model, from: data)) {} },
                {
                    var report = LenientDecodingReport()
                    withExtendedLifetime((try tracking.decode(model, from: data, report: &report), report)) {}
                },
                {
                    var report = LenientDecodingReport()
                    let value = try reporting.decode(model, from: data, report: &report)
                    withExtendedLifetime((value, report.summary)) {}
                },
                {
                    var report = LenientDecodingReport()
                    let value = try reporting.decode(model, from: data, report: &report)
                    var read = 0
                    for event in report.events {
                        read &+= event.rule.rawValue.utf8.count &+ event.path.utf8.count &+ event.pointer.utf8.count
                    }
                    withExtendedLifetime((value, read)) {}
                },
            ]
            for _ in 0..<warmup { for run in runs { try run() } }
            var times: [[Double]] = Array(repeating: [], count: runs.count)
            for iteration in 0..<iterations {
                for step in 0..<runs.count {
                    let index = (iteration + step) % runs.count
                    times[index].append(try milliseconds(runs[index]))
                }
            }
            return Row(
                label: label, events: probe.events.count, plain: median(times[0]), report: median(times[1]),
                statistics: median(times[2]), unused: median(times[3]), summary: median(times[4]),
                read: median(times[5]))
        }
    }

    /// Measures every corpus and its messy form and prints the table.
    static func report(iterations: Int, warmup: Int) throws {
        var rows: [Row] = []
        for corpus in CorpusName.allCases {
            rows.append(
                try corpus.accept(
                    Measure(data: corpus.data, label: "\(corpus)", iterations: iterations, warmup: warmup)))
            let messy = try corpus.messy(seed: seed).data
            rows.append(
                try corpus.accept(
                    Measure(
                        data: messy, label: "messy \(corpus) (seed \(seed))", iterations: iterations, warmup: warmup)))
        }
        print(
            """

            What a report costs (LenientJSON, default policy; medians of \(iterations) runs of each, in turn)
            | corpus | events | no report ms | report: ms | ratio | statistics ms | ratio | + unused keys ms | ratio \
            | summary read ms | ratio | every event read ms | ratio |
            |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
            """)
        for row in rows {
            print(
                "| \(row.label) | \(row.events) | \(format(row.plain)) | \(format(row.report)) "
                    + "| \(format(row.report / row.plain)) | \(format(row.statistics)) "
                    + "| \(format(row.statistics / row.plain)) | \(format(row.unused)) "
                    + "| \(format(row.unused / row.plain)) | \(format(row.summary)) "
                    + "| \(format(row.summary / row.plain)) | \(format(row.read)) | \(format(row.read / row.plain)) |")
        }
        print("\nTargets (issues #23 and #36):")
        for row in rows {
            let messy = row.label.hasPrefix("messy")
            let limits = [
                messy ? 1.25 : 1.03, messy ? 1.15 : 1.03, messy ? 1.35 : 1.10, messy ? 1.25 : 1.03, messy ? 1.5 : 1.03,
            ]
            let runs = [
                ("report:", row.report), ("statistics", row.statistics), ("unused keys", row.unused),
                ("summary read", row.summary), ("every event read", row.read),
            ]
            for ((name, time), limit) in zip(runs, limits) {
                let ratio = time / row.plain
                print("\(verdict(ratio <= limit)) \(row.label) \(name) ratio \(format(ratio)) <= \(format(limit))")
            }
        }
    }
}
