import Foundation
import LenientJSON
import LenientXML
import Testing

/// `decode(_:fromXML:)` reports to `onReport` and `statistics` through the shared decode entry.
@Suite("XML onReport and statistics")
struct XMLOnReportTests {
    struct Item: Decodable { var id: Int }

    @Test("an XML decode is one decode for onReport and statistics")
    func xmlDecode() throws {
        let decoder = LenientJSONDecoder(policy: .lenient)
        let statistics = LenientDecodingStatistics()
        decoder.statistics = statistics
        let xml = Data("<item><id>7</id></item>".utf8)
        #expect(try decoder.decode(Item.self, fromXML: xml).id == 7)
        var report = LenientDecodingReport()
        _ = try LenientJSONDecoder(policy: .lenient).decode(Item.self, fromXML: xml, report: &report)
        let snapshot = statistics.snapshot
        #expect(snapshot.decodes == 1)
        #expect(snapshot.patterns.map(\.count) == [report.events.count])
        #expect(!report.events.isEmpty)
    }
}
