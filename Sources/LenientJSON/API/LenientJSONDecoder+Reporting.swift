/// The one home of reporting for every decode entry point: a `report:` argument,
/// ``LenientJSONDecoder/onReport`` and ``LenientJSONDecoder/statistics`` get the same events
/// (the TheReport article).
extension LenientJSONDecoder {
    /// Runs one decode, `body`, with a collector when someone reads its events (`report`,
    /// ``onReport``, ``statistics``), else with `nil`; after it returns or throws, the events
    /// go to each reader.
    func reporting<R>(
        into report: UnsafeMutablePointer<LenientDecodingReport>?, _ body: (ReportCollector?) throws -> R
    ) throws -> R {
        let readers = reportReaders()
        guard report != nil || readers.onReport != nil || readers.statistics != nil else { return try body(nil) }
        // Records that only statistics read are counted when their document ends, before its
        // bytes would be copied for them, and let go: their storage is reused.
        let onlyCounted = report == nil && readers.onReport == nil
        let collector = ReportCollector(
            hashesPatterns: readers.statistics != nil,
            storage: onlyCounted ? recordBuffers.takeSpare() : recordBuffers.newRecords())
        if onlyCounted, let statistics = readers.statistics {
            collector.whenDocumentEnds = { [unowned self] collector in count(collector, in: statistics) }
        }
        defer {
            if onlyCounted {
                // A decode that read no document by bytes (a JSON object tree), or none at all.
                collector.documentEnded()
            } else {
                recordBuffers.noteCount(collector.mostRecords)
                let batch = collector.takeBatch()
                if let batch { report?.pointee.append(batch) }
                Self.deliver(batch, onReport: readers.onReport, statistics: readers.statistics)
            }
        }
        return try body(collector)
    }

    /// Counts the records of `collector`, whose events only `statistics` read, and keeps their
    /// storage for the next such decode.
    private func count(_ collector: ReportCollector, in statistics: LenientDecodingStatistics) {
        let batch = collector.takeBatch()
        Self.deliver(batch, onReport: nil, statistics: statistics)
        if let records = batch?.takeRecords() { recordBuffers.keepSpare(records) }
    }

    /// ``reporting(into:_:)`` for a caller's `report:` argument.
    func reporting<R>(into report: inout LenientDecodingReport, _ body: (ReportCollector?) throws -> R) throws -> R {
        try withUnsafeMutablePointer(to: &report) { try reporting(into: $0, body) }
    }

    /// Gives one decode's events, `batch` (`nil` when it had none), to ``onReport`` (when there
    /// are any) and ``statistics``.
    static func deliver(
        _ batch: EventBatch?, onReport: (@Sendable (LenientDecodingReport) -> Void)?,
        statistics: LenientDecodingStatistics?
    ) {
        statistics?.add(batch.map { [$0] } ?? [])
        if let batch, let onReport { onReport(LenientDecodingReport(batch)) }
    }
}
