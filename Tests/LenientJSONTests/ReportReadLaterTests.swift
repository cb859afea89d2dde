// A decode records what each rule did; the events' strings are made when someone first reads
// them, and statistics count patterns from the records (Report/EventBatch.swift, the TheReport
// article). These tests read a report long after its decode, from many tasks, after its input
// changed, and compare statistics counted from the records with statistics counted from the
// events.

import Foundation
import LenientJSON
import Testing

@Suite("Report events made when first read")
struct ReportReadLaterTests {
    struct Decode: CorpusModelVisitor {
        let data: Data
        let decoder: LenientJSONDecoder
        func visit<Model: Codable & Equatable & Sendable>(
            _ model: Model.Type, corpus: CorpusName
        ) throws -> LenientDecodingReport {
            var report = LenientDecodingReport()
            _ = try decoder.decode(model, from: data, report: &report)
            return report
        }
    }

    /// The same decode's events counted by `statistics` (from the records, nothing read) and by
    /// `add(_:)` of a report whose events were set (from the events): the same snapshot, pattern
    /// for pattern, in the same order, with the same first event.
    @Test(
        "Statistics counted from a decode's records equal statistics counted from its events",
        arguments: CorpusName.allCases, [UInt64(7), 1])
    func statisticsFromRecordsEqualStatisticsFromEvents(_ corpus: CorpusName, seed: UInt64) throws {
        let data = try corpus.messy(seed: seed).data
        let fromRecords = LenientDecodingStatistics()
        let decoder = LenientJSONDecoder()
        decoder.statistics = fromRecords
        let report = try corpus.accept(Decode(data: data, decoder: decoder))
        let fromEvents = LenientDecodingStatistics()
        var made = LenientDecodingReport()
        made.events = report.events
        fromEvents.add(made)
        #expect(report.events.count > 100)
        #expect(fromRecords.snapshot == fromEvents.snapshot)
        // A second decode finds every pattern among the known ones.
        _ = try corpus.accept(Decode(data: data, decoder: decoder))
        fromEvents.add(made)
        #expect(fromRecords.snapshot == fromEvents.snapshot)
        #expect(fromRecords.snapshot.patterns.allSatisfy { $0.decodes == 2 })
    }

    struct User: Decodable, Equatable {
        var id: Int
        var firstName: String
    }

    /// Borrowed input bytes are copied when the report keeps the document; overwriting the
    /// caller's `Data` afterwards changes nothing in the events read later.
    @Test("A report read after its input was overwritten shows the input as it was")
    func reportOutlivesItsInput() throws {
        let text = "{\"id\": \"12\",\n \"first_name\": \"Ann\"}"
        var immediate = LenientDecodingReport()
        _ = try LenientJSONDecoder().decode(User.self, from: Data(text.utf8), report: &immediate)
        let expected = immediate.events
        #expect(expected.count == 2)

        var data = Data(text.utf8)
        var report = LenientDecodingReport()
        let user = try LenientJSONDecoder().decode(User.self, from: data, report: &report)
        #expect(user == User(id: 12, firstName: "Ann"))
        data.withUnsafeMutableBytes { bytes in
            for index in bytes.indices { bytes[index] = UInt8(ascii: "x") }
        }
        #expect(report.events == expected)
        #expect(report.events.map(\.found) == [.string("12"), .string("Ann")])
    }

    @Test("Copies of one unread report read at once from 8 tasks all see its events")
    func concurrentFirstReads() async throws {
        let data = try CorpusName.twitter.messy(seed: 7).data
        let report = try CorpusName.twitter.accept(Decode(data: data, decoder: LenientJSONDecoder()))
        let expected = try CorpusName.twitter.accept(Decode(data: data, decoder: LenientJSONDecoder())).events
        let seen = await withTaskGroup(of: [LenientDecodingEvent].self) { group in
            for _ in 0..<8 { group.addTask { report.events } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(seen.count == 8)
        #expect(seen.allSatisfy { $0 == expected })
        #expect(expected.count > 100)
    }

    @Test("A report of several decodes holds each decode's events, in turn, whenever it is read")
    func severalDecodesInOneReport() throws {
        let first = Data("{\"id\": \"1\", \"firstName\": \"A\"}".utf8)
        let second = Data("{\"ID\": 2, \"first_name\": \"B\"}".utf8)
        let decoder = LenientJSONDecoder()
        var one = LenientDecodingReport()
        var two = LenientDecodingReport()
        _ = try decoder.decode(User.self, from: first, report: &one)
        _ = try decoder.decode(User.self, from: second, report: &two)
        let expected = one.events + two.events
        #expect(expected.count == 3)

        var both = LenientDecodingReport()
        _ = try decoder.decode(User.self, from: first, report: &both)
        _ = try decoder.decode(User.self, from: second, report: &both)
        let copy = both
        #expect(both.events == expected)
        #expect(copy.events == expected)
        #expect(both == copy)
        #expect(both.hashValue == copy.hashValue)
        let statistics = LenientDecodingStatistics()
        statistics.add(both)
        #expect(statistics.snapshot.decodes == 1)
        #expect(statistics.snapshot.patterns.map(\.count).reduce(0, +) == 3)
    }

    final class Counter: Decodable, CustomStringConvertible, @unchecked Sendable {
        var value: Int
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decodeIfPresent(Int.self, forKey: .value) ?? 1
        }
        enum CodingKeys: String, CodingKey { case value }
        var description: String { "Counter(\(value))" }
    }

    struct Holder: Decodable {
        var counter: Counter
    }

    /// A default of a class type is described when it is made: the model that holds it may
    /// change it before the report is read.
    @Test("The default of a class type is described as it was made, not as the model changed it")
    func classDefaultIsDescribedAsMade() throws {
        let decoder = LenientJSONDecoder()
        var policy = LenientPolicy.lenient
        policy.missingValues = .useDefault
        decoder.policy = policy
        var report = LenientDecodingReport()
        let holder = try decoder.decode(Holder.self, from: Data("{}".utf8), report: &report)
        holder.counter.value = 99
        let descriptions = report.events.map(\.description)
        #expect(descriptions.count == 1)
        #expect(descriptions.first?.contains("Counter(1)") == true, "\(descriptions)")
        #expect(descriptions.first?.contains("Counter(99)") == false, "\(descriptions)")
    }

    struct Person: Decodable {
        var firstName: String
    }

    /// `first_name` and `first\u005fname` are one key; their events have one path pattern.
    @Test("Keys the input spells with escapes count as the pattern their path names")
    func escapedSpellingsAreOnePattern() throws {
        let text = #"[{"first_name": "A"}, {"first\u005fname": "B"}, {"first_name": "C"}]"#
        let statistics = LenientDecodingStatistics()
        let decoder = LenientJSONDecoder()
        decoder.statistics = statistics
        _ = try decoder.decode([Person].self, from: Data(text.utf8))
        let patterns = statistics.snapshot.patterns
        #expect(patterns.map(\.path) == ["$[*].first_name"])
        #expect(patterns.map(\.count) == [3])
    }
}
