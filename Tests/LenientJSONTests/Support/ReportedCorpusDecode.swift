// A corpus document decoded by a default `LenientJSONDecoder` with a report: what the report
// suites read (ReportSummaryTests, ReportLazyTests, and the internal ReportLazyDetailsTests).

import Foundation
import LenientJSON

/// Decodes `data` as its corpus's model and returns the decode's report.
struct ReportedCorpusDecode: CorpusModelVisitor {
    let data: Data

    func visit<Model: Codable & Equatable & Sendable>(
        _ model: Model.Type, corpus: CorpusName
    ) throws -> LenientDecodingReport {
        var report = LenientDecodingReport()
        _ = try LenientJSONDecoder().decode(model, from: data, report: &report)
        return report
    }
}
