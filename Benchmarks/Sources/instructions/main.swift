// Decodes one corpus N times with one decoder, for instruction counts under callgrind
// (Scripts/instructions.sh runs it and prints the table). Wall-clock time is useless on a
// shared machine; instruction counts do not depend on what else runs.
//
//   instructions foundation|lenient twitter|canada|citm_catalog [N=5]
//   instructions lenient|lenient-report|lenient-report-summary|lenient-report-read|lenient-statistics|
//       lenient-unused messy_twitter|messy_canada|messy_citm_catalog [N=5]
//
// `foundation` is `JSONDecoder()`, `lenient` is `LenientJSONDecoder()` (default policy);
// `lenient-report` passes a `report:` argument, `lenient-statistics` sets `statistics`,
// `lenient-unused` passes a `report:` argument with `reportsUnusedKeys` set; `lenient-report-summary`
// reads the report's `summary` after each decode, `lenient-report-read` every event's rule, path and
// pointer (what Scripts/instruction-guard.sh counts).
// `messy_<corpus>` is the corpus rewritten by `MessyCorpus` with seed 1 (`compare` makes the messy
// twitter so); only LenientJSON decodes it (its baseline is JSONDecoder on the clean corpus).
//
// Everything but the decode loop runs outside `countedDecodes`: reading the corpus, building
// the messy text, one warm-up decode (lazily built metadata and caches) and a check that the
// value equals JSONDecoder's on the clean corpus, then one decode in the measured mode (a report
// read as measured: what the first report of a process makes once). Count only the loop with
//
//   valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*countedDecodes*' \
//       .build/release/instructions lenient twitter 5
//
// and divide the total by N. Build with `-Xswiftc -dwarf-version=4` for valgrind 3.19.

import Foundation
import LenientJSON

let usage = """
    usage: instructions foundation|lenient|lenient-report|lenient-report-summary|lenient-report-read|
               lenient-statistics|lenient-unused twitter|canada|citm_catalog [N=5]
           instructions lenient|lenient-report|lenient-report-summary|lenient-report-read|lenient-statistics|
               lenient-unused messy_twitter|messy_canada|messy_citm_catalog [N=5]
    """

/// The seed `compare` uses for the messy twitter.
let messySeed: UInt64 = 1

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

/// Decodes `data` as `model` `times` times with `decoder` and drops each value: the only code
/// callgrind counts (`--toggle-collect='*countedDecodes*'`). No other function's name may
/// contain `countedDecodes`: a nested match would toggle collection off again.
@inline(never)
func countedDecodes<Model: Decodable>(
    _ model: Model.Type, from data: Data, with decoder: JSONDecoder, reports: ReportUse, times: Int
) throws {
    for _ in 0..<times { try decodeAsMeasured(model, from: data, with: decoder, reports: reports) }
}

/// One decode of `data` as `model` by `decoder`, doing with its report what `reports` says: what
/// ``countedDecodes(_:from:with:reports:times:)`` repeats, and what the warm-up does once, so that
/// what a report costs once per process (a type's name, a conformance looked up the first time)
/// is not counted as a cost of every decode.
@inline(never)
func decodeAsMeasured<Model: Decodable>(
    _ model: Model.Type, from data: Data, with decoder: JSONDecoder, reports: ReportUse
) throws {
    if reports != .none, let lenient = decoder as? LenientJSONDecoder {
        var report = LenientDecodingReport()
        let value = try lenient.decode(model, from: data, report: &report)
        switch reports {
        case .none, .recorded: break
        case .summary: readSink &+= report.summary.utf8.count
        case .read:
            // What a test's assertion, a problem body or a metrics exporter reads: every event's
            // rule, path and pointer.
            for event in report.events {
                readSink &+= event.rule.rawValue.utf8.count &+ event.path.utf8.count &+ event.pointer.utf8.count
            }
        }
        withExtendedLifetime((value, report)) {}
    } else {
        let value = try decoder.decode(model, from: data)
        withExtendedLifetime(value) {}
    }
}

/// What a decode with a report does with it: nothing (no report), records it only, reads its
/// `summary`, or reads every event's rule, path and pointer.
enum ReportUse {
    case none, recorded, summary, read
}

/// What decoder `name` does with a report.
func reportUse(of name: String) -> ReportUse {
    switch name {
    case "lenient-report", "lenient-unused": return .recorded
    case "lenient-report-summary": return .summary
    case "lenient-report-read": return .read
    default: return .none
    }
}

/// Where read report text goes, so that the reads are not optimized away.
nonisolated(unsafe) var readSink = 0

struct Run: CorpusModelVisitor {
    let lenient: Bool
    let reports: ReportUse
    let statistics: Bool
    let unusedKeys: Bool
    let messy: Bool
    let times: Int

    func visit<Model: Codable & Equatable & Sendable>(_ model: Model.Type, corpus: CorpusName) throws -> Int {
        let clean = corpus.data
        let data = messy ? try corpus.messy(seed: messySeed).data : clean
        let decoder: JSONDecoder = lenient ? LenientJSONDecoder() : JSONDecoder()
        if statistics, let lenient = decoder as? LenientJSONDecoder { lenient.statistics = LenientDecodingStatistics() }
        if unusedKeys, let lenient = decoder as? LenientJSONDecoder { lenient.reportsUnusedKeys = true }
        let warmUp = try decoder.decode(model, from: data)
        let expected = lenient ? try JSONDecoder().decode(model, from: clean) : warmUp
        guard warmUp == expected else {
            fail(
                """
                the decoded value differs from JSONDecoder's on the clean \(corpus): the counts would compare diffe\
                rent work
                """
            )
        }
        // And one in the measured mode, outside the count: the first decode with a report makes
        // what every later one finds made.
        try decodeAsMeasured(model, from: data, with: decoder, reports: reports)
        try countedDecodes(model, from: data, with: decoder, reports: reports, times: times)
        return data.count
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let decoders = [
    "foundation", "lenient", "lenient-report", "lenient-report-summary", "lenient-report-read", "lenient-statistics",
    "lenient-unused",
]
guard (2...3).contains(arguments.count), decoders.contains(arguments[0]) else { fail(usage) }
let lenient = arguments[0] != "foundation"
let messy = arguments[1].hasPrefix("messy_")
guard let corpus = CorpusName(rawValue: messy ? String(arguments[1].dropFirst(6)) : arguments[1]) else { fail(usage) }
guard !messy || lenient else {
    fail("JSONDecoder rejects a messy corpus; its baseline is JSONDecoder on the clean one\n" + usage)
}
guard let times = arguments.count == 3 ? Int(arguments[2]) : 5, times > 0 else { fail(usage) }

let bytes = try corpus.accept(
    Run(
        lenient: lenient,
        reports: reportUse(of: arguments[0]),
        statistics: arguments[0] == "lenient-statistics", unusedKeys: arguments[0] == "lenient-unused", messy: messy,
        times: times))
print("\(arguments[0]) \(arguments[1]): \(times) decode(s) of \(bytes) bytes counted")
