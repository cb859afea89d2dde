// In-module checks of the record storage a decoder keeps between its decodes
// (Report/RecordBufferPool.swift).

import Foundation
import Testing

@testable import LenientJSON

@Suite("Record buffer pool")
struct RecordBufferPoolTests {
    /// Empty storage with room for at least `count` records.
    static func storage(_ count: Int) -> [ReportCollector.Record] {
        var records: [ReportCollector.Record] = []
        records.reserveCapacity(count)
        return records
    }

    @Test("new storage has room for as many records as the last noted decode held")
    func newRecordsReserveTheLastCount() {
        let pool = RecordBufferPool()
        #expect(pool.newRecords().capacity == 0)
        pool.noteCount(500)
        #expect(pool.newRecords().capacity >= 500)
        pool.noteCount(3)
        #expect(pool.newRecords().capacity < 500)
    }

    @Test("a noted count is capped at the pool's limit")
    func notedCountIsCapped() {
        let pool = RecordBufferPool()
        pool.noteCount(RecordBufferPool.limit * 4)
        let capacity = pool.newRecords().capacity
        #expect(capacity >= RecordBufferPool.limit)
        #expect(capacity < RecordBufferPool.limit * 2)
    }

    @Test("kept storage is taken once, emptied, with its capacity")
    func spareIsTakenOnce() {
        let pool = RecordBufferPool()
        #expect(pool.takeSpare().capacity == 0)
        pool.keepSpare(Self.storage(200))
        let taken = pool.takeSpare()
        #expect(taken.isEmpty)
        #expect(taken.capacity >= 200)
        #expect(pool.takeSpare().capacity == 0)
    }

    @Test("of two kept storages the larger stays; storage over the limit is let go")
    func largerSpareStays() {
        let pool = RecordBufferPool()
        pool.keepSpare(Self.storage(300))
        pool.keepSpare(Self.storage(10))
        #expect(pool.takeSpare().capacity >= 300)
        pool.keepSpare(Self.storage(RecordBufferPool.limit + 1))
        #expect(pool.takeSpare().capacity == 0)
    }

    @Test("a decoder's decodes with statistics only leave their storage in its pool")
    func decoderKeepsItsStorage() throws {
        struct Model: Decodable { var id: Int }
        let decoder = LenientJSONDecoder(policy: .lenient)
        decoder.statistics = LenientDecodingStatistics()
        _ = try decoder.decode(Model.self, from: Data(#"{"id":"12"}"#.utf8))
        #expect(decoder.recordBuffers.takeSpare().capacity > 0)
    }
}
