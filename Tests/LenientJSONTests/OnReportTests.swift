import Foundation
import LenientJSON
import Synchronization
import Testing

/// `onReport` and `statistics`: every decode overload, and each streamed element, reports the
/// events a `report:` argument gets, without one.
@Suite("onReport and statistics")
struct OnReportTests {
    struct Item: Decodable, Sendable { var id: Int }
    struct Configured: DecodableWithConfiguration {
        var id: Int
        init(from decoder: any Decoder, configuration: Int) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id) + configuration
        }
        enum CodingKeys: CodingKey { case id }
    }

    /// A decoder whose onReport and statistics record what they get.
    final class Recorder: Sendable {
        let reports = Mutex<[LenientDecodingReport]>([])
        let statistics = LenientDecodingStatistics()
        let decoder = LenientJSONDecoder(policy: .lenient)
        init() {
            decoder.statistics = statistics
            decoder.onReport = { report in self.reports.withLock { $0.append(report) } }
        }
        var received: [LenientDecodingReport] { reports.withLock { $0 } }
    }

    enum Overload: String, CaseIterable, Sendable {
        case data, dataWithReport, at, jsonObject, jsonObjectWithReport, configuration
    }

    static func decode(_ overload: Overload, _ json: String, with decoder: LenientJSONDecoder) throws -> Int {
        let data = Data(json.utf8)
        var report = LenientDecodingReport()
        switch overload {
        case .data: return try decoder.decode(Item.self, from: data).id
        case .dataWithReport: return try decoder.decode(Item.self, from: data, report: &report).id
        case .at: return try decoder.decode(Int.self, from: data, at: ["id"])
        case .jsonObject:
            return try decoder.decode(Item.self, fromJSONObject: JSONSerialization.jsonObject(with: data)).id
        case .jsonObjectWithReport:
            return try decoder.decode(
                Item.self, fromJSONObject: JSONSerialization.jsonObject(with: data), report: &report
            )
            .id
        case .configuration:
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                return try decoder.decode(Configured.self, from: data, configuration: 0).id
            }
            return try decoder.decode(Item.self, from: data).id
        }
    }

    @Test("called once per decode with events, with what a report: argument gets", arguments: Overload.allCases)
    func oncePerDecode(overload: Overload) throws {
        let recorder = Recorder()
        #expect(try Self.decode(overload, #"{"id":"7"}"#, with: recorder.decoder) == 7)
        #expect(try Self.decode(overload, #"{"id":8}"#, with: recorder.decoder) == 8)
        let received = recorder.received
        try #require(received.count == 1)
        #expect(received[0].events.map(\.rule) == [.numberFromString])
        var expected = LenientDecodingReport()
        _ = try LenientJSONDecoder(policy: .lenient).decode(
            Item.self, from: Data(#"{"id":"7"}"#.utf8), report: &expected)
        if overload == .data || overload == .dataWithReport || overload == .configuration {
            #expect(received[0] == expected)
        }
        let snapshot = recorder.statistics.snapshot
        #expect(snapshot.decodes == 2)
        #expect(snapshot.patterns.map(\.count) == [1])
    }

    @Test("a decode that throws reports what it did before")
    func throwingDecode() throws {
        struct Two: Decodable { var a: Int, b: Int }
        let recorder = Recorder()
        #expect(throws: DecodingError.self) {
            try recorder.decoder.decode(Two.self, from: Data(#"{"a":"1","b":"x"}"#.utf8))
        }
        #expect(recorder.statistics.snapshot.decodes == 1)
    }

    @Test("each streamed element is one decode")
    func streamedElements() async throws {
        let recorder = Recorder()
        let text = Data(#"[{"id":"1"},{"id":2},{"id":"3"}]"#.utf8)
        var ids: [Int] = []
        for try await item in recorder.decoder.elements(of: Item.self, from: AsyncDataBytes(data: text)) {
            ids.append(item.id)
        }
        #expect(ids == [1, 2, 3])
        #expect(recorder.received.map { $0.events.map(\.path) } == [["$[0].id"], ["$[2].id"]])
        #expect(recorder.statistics.snapshot.decodes == 3)
    }

    @Test("without onReport or statistics nothing is called, and a report: argument still works")
    func nothingSet() throws {
        let decoder = LenientJSONDecoder(policy: .lenient)
        var report = LenientDecodingReport()
        _ = try decoder.decode(Item.self, from: Data(#"{"id":"7"}"#.utf8), report: &report)
        #expect(report.events.count == 1)
        #expect(decoder.onReport == nil && decoder.statistics == nil)
    }
}

/// The bytes of `data`, as an `AsyncSequence`.
struct AsyncDataBytes: AsyncSequence, Sendable {
    typealias Element = UInt8
    let data: Data
    struct AsyncIterator: AsyncIteratorProtocol {
        var iterator: Data.Iterator
        mutating func next() async -> UInt8? { iterator.next() }
    }
    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(iterator: data.makeIterator()) }
}
