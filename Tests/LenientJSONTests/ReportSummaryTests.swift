// `LenientDecodingReport.summary` (the TheReport article): one line per kind and path pattern, in
// the order of each group's first event, with the count and the first event's description. It is
// made from the records' pattern groups without making every event; these tests check it against
// the same grouping done here from the events themselves, on the messy corpora and on reports of
// several decodes.

import Foundation
import LenientJSON
import Testing

@Suite("A report's summary")
struct ReportSummaryTests {
    /// `path` with every array index written `[*]`, quoted names kept as they are.
    static func pattern(of path: String) -> String {
        var result = ""
        var rest = Substring(path)
        while let first = rest.first {
            if rest.hasPrefix("['") {
                // A quoted name, up to the unescaped quote that closes it.
                var end = rest.index(rest.startIndex, offsetBy: 2)
                while end < rest.endIndex, rest[end] != "'" {
                    end =
                        rest.index(end, offsetBy: rest[end] == "\\" ? 2 : 1, limitedBy: rest.endIndex) ?? rest.endIndex
                }
                let stop = end < rest.endIndex ? rest.index(after: end) : end
                result += rest[..<stop]
                rest = rest[stop...]
            } else if first == "[", let close = rest.firstIndex(of: "]"),
                rest[rest.index(after: rest.startIndex)..<close].allSatisfy(\.isNumber)
            {
                result += "[*]"
                rest = rest[rest.index(after: close)...]
            } else {
                result.append(first)
                rest = rest.dropFirst()
            }
        }
        return result
    }

    /// The summary made from `events` one by one.
    static func expectedSummary(of events: [LenientDecodingEvent]) -> String {
        var groups: [(key: String, count: Int, first: LenientDecodingEvent)] = []
        var index: [String: Int] = [:]
        for event in events {
            let key = "\(event.kind) \(pattern(of: event.path))"
            if let known = index[key] {
                groups[known].count += 1
            } else {
                index[key] = groups.count
                groups.append((key, 1, event))
            }
        }
        return groups.map { "\($0.key) ×\($0.count) — first: \($0.first.description)" }.joined(separator: "\n")
    }

    @Test("equals the grouping of its events, read before or after them", arguments: CorpusName.allCases, [3, 11])
    func matchesTheEvents(_ corpus: CorpusName, seed: UInt64) throws {
        let report = try corpus.accept(ReportedCorpusDecode(data: try corpus.messy(seed: seed).data))
        let copy = report
        let summaryFirst = report.summary
        let events = copy.events
        #expect(events.count > 100)
        let expected = Self.expectedSummary(of: events)
        #expect(summaryFirst == expected)
        #expect(report.summary == expected)
    }

    @Test("groups the events of several decodes together, in order")
    func severalDecodes() throws {
        struct Row: Decodable { var id: Int; var flag: Bool }
        let decoder = LenientJSONDecoder()
        var report = LenientDecodingReport()
        _ = try decoder.decode(
            [Row].self, from: Data(#"[{"id": "1", "flag": "yes"}, {"ID": 2, "flag": 1}]"#.utf8), report: &report)
        _ = try decoder.decode([Row].self, from: Data(#"[{"id": "3", "Flag": true}]"#.utf8), report: &report)
        let expected = Self.expectedSummary(of: report.events)
        var fresh = LenientDecodingReport()
        _ = try decoder.decode(
            [Row].self, from: Data(#"[{"id": "1", "flag": "yes"}, {"ID": 2, "flag": 1}]"#.utf8), report: &fresh)
        _ = try decoder.decode([Row].self, from: Data(#"[{"id": "3", "Flag": true}]"#.utf8), report: &fresh)
        #expect(fresh.summary == expected)
        #expect(expected.contains("coerced $[*].id ×2"))
    }

    @Test("is empty for a report without events")
    func empty() {
        #expect(LenientDecodingReport().summary == "")
    }
}
