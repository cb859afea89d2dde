import Foundation

extension LenientJSONDecoder {
    /// Decodes the JSON value in a language model's complete answer.
    ///
    /// A model asked for JSON often wraps it in prose or a Markdown code fence. The value is
    /// the first `{` or `[` of the text that begins a JSON value which decodes as `T`: a
    /// candidate that is not JSON (a `{` in a sentence), or whose value does not decode as `T`,
    /// is abandoned for the next `{` or `[` after its start, at most 16 candidates. Inside the
    /// value nothing is repaired: it is JSON (JSON5 where `allowsJSON5` is set), decoded as by
    /// ``decode(_:from:)``, under the policy, with every registration. The text around it is
    /// skipped; ``decode(_:fromModelOutput:report:)`` reports each span skipped.
    ///
    /// ```swift
    /// let answer = """
    ///     Here is the user you asked for:
    ///     ```json
    ///     {"name": "Ada", "age": "36"}
    ///     ```
    ///     """
    /// let user = try decoder.decode(User.self, fromModelOutput: answer)   // User(name: "Ada", age: 36)
    /// ```
    ///
    /// Lines, columns and byte offsets in errors and events are those of the whole text.
    ///
    /// - Parameters:
    ///   - type: The type of the value.
    ///   - text: The model's answer: prose and Markdown around one JSON value.
    /// - Returns: The first `{` or `[` in `text` that begins a JSON value which decodes as `T`.
    /// - Throws: `DecodingError`: the error of the last candidate tried, or `dataCorrupted` when
    ///   the text has no `{` or `[` at all.
    public func decode<T: Decodable>(_ type: T.Type, fromModelOutput text: String) throws -> T {
        try decodeModelOutput(type, text, report: nil)
    }

    /// Decodes the JSON value in a language model's complete answer, recording what leniency did.
    ///
    /// As ``decode(_:fromModelOutput:)``. The report gets, in this order: one
    /// ``LenientDecodingEvent/Kind/skippedText`` event (rule ``LenientRule/textSkipped``) for
    /// the text before the value, the value's own events, and one for the text after it. A
    /// skipped event's place is the first byte of the span without the whitespace around it;
    /// its `found` is that text as a string, cut to 200 characters. Whitespace alone is not
    /// skipped text, so plain JSON reports what ``decode(_:from:report:)`` reports. Abandoned
    /// candidates leave no event. ``onReport`` and ``statistics`` see the same events, once.
    ///
    /// ```swift
    /// var report = LenientDecodingReport()
    /// let user = try decoder.decode(User.self, fromModelOutput: answer, report: &report)
    /// // $ (line 1, column 1): skipped 39 characters of text before the JSON value: "Here is …
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the value.
    ///   - text: The model's answer: prose and Markdown around one JSON value.
    ///   - report: The report that receives the events, each skipped span of text among them;
    ///     events already in it are kept.
    /// - Returns: The first `{` or `[` in `text` that begins a JSON value which decodes as `T`.
    /// - Throws: As ``decode(_:fromModelOutput:)``.
    public func decode<T: Decodable>(
        _ type: T.Type, fromModelOutput text: String, report: inout LenientDecodingReport
    ) throws -> T {
        try withUnsafeMutablePointer(to: &report) { try decodeModelOutput(type, text, report: $0) }
    }

    /// Tries the candidates of `text` in turn; the events of the one that decodes, with the
    /// spans skipped around it, go to `report`, ``onReport`` and ``statistics`` as one decode's.
    private func decodeModelOutput<T: Decodable>(
        _ type: T.Type, _ text: String, report: UnsafeMutablePointer<LenientDecodingReport>?
    ) throws -> T {
        let readers = reportReaders()
        let collects = report != nil || readers.onReport != nil || readers.statistics != nil
        let options = snapshot()
        // A byte order mark is not part of the text, as for decode(_:from:): lines and columns count
        // from after it, and offsets count it (offsets in the text as given).
        var bytes = Array(text.utf8)
        let leadingByteCount = bytes.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
        bytes.removeFirst(leadingByteCount)
        let search = ModelOutputCandidates(bytes: bytes, allowsJSON5: options.allowsJSON5)
        // The last candidate tried, and its error: one whose brackets never close is decoded
        // for its error only if it is the last.
        var last: (candidate: ModelOutputCandidates.Candidate, error: (any Error)?)?
        var next = 0
        for _ in 0..<ModelOutputCandidates.limit {
            guard let candidate = search.candidate(from: next) else { break }
            next = candidate.start + 1
            guard let end = candidate.end else {
                last = (candidate, nil)
                continue
            }
            let collector = collects ? ReportCollector(hashesPatterns: readers.statistics != nil) : nil
            do {
                let value = try decodeCandidate(
                    type, candidate, of: search, options: options, collector: collector,
                    leadingByteCount: leadingByteCount)
                var batches: [EventBatch] = []
                let before = SkippedTextEvents.event(
                    skipping: 0..<candidate.start, of: search.bytes, isBeforeValue: true, type: type,
                    leadingByteCount: leadingByteCount)
                let after = SkippedTextEvents.event(
                    skipping: end..<search.bytes.count, of: search.bytes, isBeforeValue: false, type: type,
                    leadingByteCount: leadingByteCount)
                if collects {
                    if let before { batches.append(EventBatch(events: [before])) }
                    if let batch = collector?.takeBatch() { batches.append(batch) }
                    if let after { batches.append(EventBatch(events: [after])) }
                }
                deliver(batches, to: report, readers)
                return value
            } catch {
                last = (candidate, error)
            }
        }
        deliver([], to: report, readers)
        guard let last else { throw failure(DecodingErrors.noModelOutputValue(byteCount: search.bytes.count)) { [] } }
        if let error = last.error { throw error }
        return try decodeCandidate(
            type, last.candidate, of: search, options: options, collector: nil, leadingByteCount: leadingByteCount)
    }

    /// Decodes `candidate` from its masked copy (``ModelOutputCandidates/maskedCopy(of:)``), as
    /// ``decode(_:from:)`` decodes a document, its places counted in the whole text; the copy
    /// starts with the text's byte-order mark where it had one (`leadingByteCount`), which the
    /// decode then counts in offsets only, as ``decode(_:from:)`` does.
    private func decodeCandidate<T: Decodable>(
        _ type: T.Type, _ candidate: ModelOutputCandidates.Candidate, of search: ModelOutputCandidates,
        options: DecodingOptions, collector: ReportCollector?, leadingByteCount: Int
    ) throws -> T {
        var data = search.maskedCopy(of: candidate)
        if leadingByteCount > 0 { data.insert(contentsOf: Self.byteOrderMark, at: data.startIndex) }
        let origin = DocumentOrigin(path: [], location: search.origin(of: candidate))
        do {
            return try withDocument(data, report: collector, options: options, origin: origin) { impl in
                try impl.unwrap(0, as: type, parent: .root, key: nil)
            }
        } catch let error as DecodingError {
            throw failure(error) {
                try withDocument(data, options: options, origin: origin) {
                    $0.collectProblems(of: type, at: 0, parent: .root, firstError: error)
                }
            }
        }
    }

    /// Gives one model-output decode's events, `batches` (none for a decode that threw), to
    /// `report`, ``onReport`` (when there are any) and ``statistics`` (always).
    private func deliver(
        _ batches: [EventBatch], to report: UnsafeMutablePointer<LenientDecodingReport>?,
        _ readers: (
            onReport: (@Sendable (LenientDecodingReport) -> Void)?, statistics: LenientDecodingStatistics?
        )
    ) {
        var events = LenientDecodingReport()
        for batch in batches { events.append(batch) }
        for batch in batches { report?.pointee.append(batch) }
        readers.statistics?.add(batches)
        if !batches.isEmpty, let onReport = readers.onReport { onReport(events) }
    }
}

extension LenientJSONDecoder {
    /// UTF-8's byte-order mark.
    fileprivate static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}

extension DecodingErrors {
    /// `dataCorrupted`: a model's answer (`byteCount` bytes) has no `{` or `[`, so no JSON value
    /// to decode (the PartialDocuments article).
    static func noModelOutputValue(byteCount: Int) -> DecodingError {
        .dataCorrupted(
            .init(
                codingPath: [],
                debugDescription:
                    "The text holds no JSON value: none of its \(byteCount) bytes is a `{` or `[` that could begin one."
            ))
    }
}
