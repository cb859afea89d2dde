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
}
