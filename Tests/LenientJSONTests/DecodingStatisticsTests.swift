import Foundation
import LenientJSON
import Testing

/// `LenientDecodingStatistics`: counters per (kind, rule, path pattern) across decodes.
@Suite("Decoding statistics")
struct DecodingStatisticsTests {
    struct User: Decodable { var id: Int, age: Int }

    static func report(_ json: String) throws -> LenientDecodingReport {
        var report = LenientDecodingReport()
        _ = try LenientJSONDecoder(policy: .lenient).decode([User].self, from: Data(json.utf8), report: &report)
        return report
    }

    @Test("8 concurrent tasks adding reports give exact counts")
    func concurrent() async throws {
        let statistics = LenientDecodingStatistics()
        let report = try Self.report(#"[{"id":"1","age":"2"},{"id":"3","age":4}]"#)
        #expect(report.events.count == 3)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<250 {
                        statistics.add(report)
                        statistics.add(LenientDecodingReport())
                    }
                }
            }
        }
        let snapshot = statistics.snapshot
        #expect(snapshot.decodes == 4000)
        #expect(snapshot.patterns.map(\.path) == ["$[*].id", "$[*].age"])
        #expect(snapshot.patterns.map(\.count) == [4000, 2000])
        #expect(snapshot.patterns.map(\.decodes) == [2000, 2000])
        #expect(snapshot.patterns.allSatisfy { $0.rule == .numberFromString && $0.kind == .coerced })
        #expect(snapshot.patterns.first?.first == report.events.first)
    }

    @Test("newPatterns tells what is new against a baseline; reset forgets; snapshots are Codable")
    func newPatterns() throws {
        let statistics = LenientDecodingStatistics()
        statistics.add(try Self.report(#"[{"id":"1","age":2}]"#))
        let baseline = statistics.snapshot
        statistics.add(try Self.report(#"[{"id":"1","age":"2"}]"#))
        let now = statistics.snapshot
        #expect(now.newPatterns(since: baseline).map(\.path) == ["$[*].age"])
        #expect(baseline.newPatterns(since: now).isEmpty)
        let data = try JSONEncoder().encode(now)
        #expect(try JSONDecoder().decode(LenientDecodingStatistics.Snapshot.self, from: data) == now)
        statistics.reset()
        #expect(statistics.snapshot == LenientDecodingStatistics.Snapshot())
    }

    @Test("the summary gives the decodes, then one line per pattern with its first event")
    func summary() throws {
        let statistics = LenientDecodingStatistics()
        let report = try Self.report(#"[{"id":"1","age":2},{"id":"5","age":3}]"#)
        statistics.add(report)
        statistics.add(LenientDecodingReport())
        let lines = statistics.snapshot.summary.components(separatedBy: "\n")
        #expect(lines.count == 2)
        #expect(lines.first == "2 decodes")
        #expect(lines.last?.hasPrefix("coerced number.fromString $[*].id ×2 in 1 — first: ") == true)
        #expect(lines.last?.hasSuffix(report.events[0].description) == true)
    }

    /// Arrays whose elements are coerced by different rules, or are of different kinds, side by
    /// side under one path node, and arrays of arrays: what groups records without hashing
    /// them when they are made of the same parts as the one before.
    static func mixedArrays(seed: UInt64) -> String {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }
        let values = [#""7""#, "7", "7.0", "true", #""true""#, "null", #"" 8 ""#, #""0x10""#, "[9]"]
        func array() -> String {
            "[" + (0..<(1 + next(12))).map { _ in values[next(values.count)] }.joined(separator: ",") + "]"
        }
        let rows = (0..<(1 + next(6))).map { _ in
            #"{"a":\#(array()),"b":[\#((0..<(1 + next(4))).map { _ in array() }.joined(separator: ","))]}"#
        }
        return "[" + rows.joined(separator: ",") + "]"
    }

    struct Row: Decodable { var a: [Int?]; var b: [[Int?]] }

    @Test("patterns of mixed arrays are the events' grouping by kind, rule and path pattern", arguments: 0..<40)
    func mixedArrayPatterns(seed: UInt64) throws {
        let decoder = LenientJSONDecoder(policy: .permissive)
        var report = LenientDecodingReport()
        _ = try decoder.decode([Row].self, from: Data(Self.mixedArrays(seed: seed).utf8), report: &report)
        // The summary and the statistics are made from the records, before anything reads the events.
        let summary = report.summary
        let statistics = LenientDecodingStatistics()
        statistics.add(report)
        var expected: [(kind: String, rule: String, path: String, count: Int)] = []
        for event in report.events {
            let path = ReportSummaryTests.pattern(of: event.path)
            if let known = expected.firstIndex(where: {
                $0.kind == event.kind.rawValue && $0.rule == event.rule.rawValue && $0.path == path
            }) {
                expected[known].count += 1
            } else {
                expected.append((event.kind.rawValue, event.rule.rawValue, path, 1))
            }
        }
        let patterns = statistics.snapshot.patterns
        #expect(
            patterns.map { "\($0.kind.rawValue) \($0.rule.rawValue) \($0.path) ×\($0.count)" }
                == expected.map { "\($0.kind) \($0.rule) \($0.path) ×\($0.count)" })
        #expect(summary == ReportSummaryTests.expectedSummary(of: report.events))
        #expect(!report.events.isEmpty)
    }
}
