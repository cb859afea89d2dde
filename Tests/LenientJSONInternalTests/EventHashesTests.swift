import Foundation
import Testing

@testable import LenientJSON

/// With `statistics` set, a collector keeps each record's pattern hash beside the records
/// (`ReportCollector.eventHashes`, Report/ReportCollector.swift), which statistics count by
/// after the decode. The hashes stay in step with the records through the attempts that take
/// their events back, and each is the hash of its record's pattern as grouping makes it.
@Suite("Pattern hashes kept beside the records")
struct EventHashesTests {
    @Test("Each record's hash is its pattern's, through abandoned attempts", arguments: 0..<16)
    func hashesInStep(seed: UInt64) throws {
        let generated = AttemptDocument(seed: seed)
        let collector = ReportCollector(hashesPatterns: true)
        let hashes = try LenientJSONDecoder().withDocument(Data(generated.json.utf8), report: collector) { impl in
            _ = try impl.unwrap(0, as: [AttemptItem].self, parent: .root, key: nil)
            #expect(collector.events.count == generated.expected.count)
            var fresh = PatternHashes()
            return collector.events.map { record in
                withUnsafePointer(to: record) { UInt64(truncatingIfNeeded: fresh.hash($0)) }
            }
        }
        #expect(collector.eventHashes == hashes)
    }
}
