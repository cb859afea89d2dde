import Foundation

/// One document that arrives in pieces, decoded as it grows.
///
/// Made by ``LenientJSONDecoder/partial(_:options:)``. Append each piece as it arrives, take a
/// ``snapshot()`` whenever something should be shown, and ``finish()`` once the last piece is in.
/// The decoder's policy, strategies, registrations and reporting apply as to
/// ``LenientJSONDecoder/decode(_:from:)``.
///
/// ```swift
/// var partial = decoder.partial(Recipe.self)
/// for try await piece in pieces {
///     try partial.append(piece)
///     show(partial.snapshot().value)      // nil until a Recipe can be built
/// }
/// let recipe = try partial.finish()
/// ```
///
/// A snapshot shows only what is whole (a number once the byte after it has arrived, never `1`
/// before `1000000`), and a string in progress as the text that has arrived (see
/// ``PartialOptions``). Each piece is read once; the document is held once.
public struct PartialDecoder<T: Decodable> {
    let decoder: LenientJSONDecoder
    let options: PartialOptions
    /// Every byte appended.
    var bytes: [UInt8] = []
    /// Where the document stands, read from the bytes appended.
    var scanner = PartialScanner()
    /// The error that ended the document, thrown again by every call.
    var failure: (any Error)?
    /// Whether the bytes are read only by ``finish()``: input that the scanner does not follow
    /// (UTF-16 or UTF-32, JSON5, an object without braces), shown by no snapshot before the end.
    var readsOnlyAtEnd: Bool
    /// Under ``PartialOptions/Input/modelOutput``: where the candidate being read begins (`nil`
    /// while prose is skipped), whether its complete value decoded, and how many were abandoned.
    var candidateStart: Int?
    var candidateAccepted = false
    var candidatesAbandoned = 0
    /// The skipped-text event of the prose before the candidate being read, made once per candidate
    /// (``leadingEvent()``): where that candidate begins, and the event (`nil` for whitespace alone).
    var leadingSkip: (candidate: Int, event: LenientDecodingEvent?)?

    /// The decoder's settings, read once: every snapshot reads with them, so that a complete
    /// element decoded by one is the same in the next (``cache``).
    let settings: DecodingOptions
    /// The complete elements that snapshots decoded (rule 7).
    var cache = PartialElementCache()

    init(decoder: LenientJSONDecoder, options: PartialOptions) {
        self.decoder = decoder
        self.options = options
        settings = decoder.snapshot()
        readsOnlyAtEnd = settings.allowsJSON5 || settings.assumesTopLevelDictionary
    }

    /// Appends the next piece of the document.
    ///
    /// - Parameter bytes: The piece's bytes, UTF-8.
    /// - Throws: The `DecodingError` that ``LenientJSONDecoder/decode(_:from:)`` would throw, as
    ///   soon as the bytes so far cannot begin any document it accepts (under
    ///   ``PartialOptions/Input/json``, any byte but whitespace after the top-level value is
    ///   such an error; under ``PartialOptions/Input/modelOutput``, the error of the last of 16
    ///   candidates abandoned); after that, every call throws it again.
    @inlinable
    public mutating func append(_ bytes: some Sequence<UInt8>) throws {
        // Contiguous bytes (an array, `Data`, a string's UTF-8) are read in place, not one by one:
        // inlined into the caller, this costs no generic call per piece (rule 7 counts every
        // piece's cost; `compare --partial`'s appends of 16 bytes).
        if try bytes.withContiguousStorageIfAvailable({ try append(contiguous: $0) }) == nil {
            try Array(bytes).withUnsafeBufferPointer { try append(contiguous: $0) }
        }
    }

    /// Appends the next piece of the document, `bytes` in memory: ``append(_:)-(Sequence<UInt8>)``.
    ///
    /// - Parameter bytes: The piece's bytes, UTF-8.
    /// - Throws: As ``append(_:)-(Sequence<UInt8>)``.
    @usableFromInline
    mutating func append(contiguous bytes: UnsafeBufferPointer<UInt8>) throws {
        if let failure { throw failure }
        // A copy of this decoder may read other bytes from here on: it keeps its own elements.
        if !isKnownUniquelyReferenced(&cache) { cache = cache.copy() }
        guard !readsOnlyAtEnd && options.input == .json else {
            let start = self.bytes.count
            self.bytes.append(contentsOf: bytes)
            guard !readsOnlyAtEnd else { return }
            do {
                try readModelOutput(from: start)
            } catch {
                failure = error
                throw error
            }
            return
        }
        // The scanner appends the piece and reads it in one call: no closure of this generic type
        // per piece.
        guard let bad = scanner.append(bytes, to: &self.bytes) else { return }
        do {
            try failJSON(at: bad)
        } catch {
            failure = error
            throw error
        }
    }

    /// Where the bytes stop being the beginning of a JSON document at `bad`: throws the error of
    /// ``LenientJSONDecoder/decode(_:from:)``, or reads UTF-16 and UTF-32 at the end only.
    private mutating func failJSON(at bad: Int) throws {
        if bad < 4 && (bytes.prefix(4).contains(0) || bytes[0] == 0xFE || bytes[0] == 0xFF) {
            // UTF-16 or UTF-32 (`InputEncoding`): read at the end only.
            readsOnlyAtEnd = true
            return
        }
        // The decoder's own scanner fails on the same byte (it scans before it decodes): its
        // error is the one `decode(_:from:)` throws for any document that begins so (path, line,
        // column, offset), its excerpt showing the bytes that have arrived.
        _ = try decoder.decode(T.self, from: Data(bytes))
        readsOnlyAtEnd = true
    }

    /// Reads the bytes from `start` on as a language model's answer (SPEC 14, rule 6): prose is
    /// skipped up to the first `{` or `[`, which begins a candidate; a candidate that turns out
    /// not to be JSON, or whose complete value does not decode as `T`, is abandoned for the next
    /// `{` or `[` after its start. After 16 candidates, the last one's error is thrown.
    private mutating func readModelOutput(from start: Int) throws {
        var next = start
        while !candidateAccepted {
            if candidateStart == nil {
                guard let open = bytes[next...].firstIndex(where: { $0 == 0x7B || $0 == 0x5B }) else { return }
                candidateStart = open
                scanner = PartialScanner()
                next = open
            }
            guard let candidate = candidateStart else { return }
            let bad = bytes.withUnsafeBufferPointer { scanner.read($0, from: next, stopsAtEnd: true) }
            let error: any Error
            if scanner.isDone {
                let text = PartialScanner.blanked(bytes[..<candidate]) + bytes[candidate..<scanner.cut]
                do {
                    _ = try decoder.decode(T.self, from: Data(text))
                    candidateAccepted = true
                    return
                } catch let decodeError {
                    error = decodeError
                }
            } else if bad != nil {
                let text = PartialScanner.blanked(bytes[..<candidate]) + bytes[candidate...]
                do {
                    _ = try decoder.decode(T.self, from: Data(text))
                    error = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Not JSON."))
                } catch let syntaxError {
                    error = syntaxError
                }
            } else {
                return
            }
            candidatesAbandoned += 1
            if candidatesAbandoned == Self.maxCandidates { throw error }
            // The next candidate's entries are numbered from its own start: no array prefix holds.
            cache = PartialElementCache()
            candidateStart = nil
            next = candidate + 1
        }
    }

    /// How many candidates a model's answer may have (SPEC 14, rule 6).
    static var maxCandidates: Int { 16 }

    /// Appends the next piece of the document.
    ///
    /// - Parameter text: The piece's text.
    /// - Throws: As ``append(_:)-(Sequence<UInt8>)``.
    public mutating func append(_ text: String) throws {
        try append(text.utf8)
    }

    /// What can be shown of the document so far. Never throws.
    ///
    /// The value is decoded from what has arrived: every object and array that has ended as in
    /// a whole document, the members of an object still open that have not arrived as
    /// ``PartialOptions/pendingMembers`` says, and no number, literal or key that may still grow.
    /// After an error, the snapshot shows what arrived before the byte that made it.
    ///
    /// - Returns: The value built from what has arrived, and what is still pending.
    public mutating func snapshot() -> PartialSnapshot<T> {
        let bytesRead = bytes.count
        // A token cut short at the end is read now, to be shown in progress.
        if !readsOnlyAtEnd { bytes.withUnsafeBufferPointer { scanner.settle($0) } }
        let readsCandidate = options.input == .json || candidateStart != nil
        let pending = readsOnlyAtEnd || !readsCandidate ? [] : bytes.withUnsafeBufferPointer { scanner.pending(in: $0) }
        // Under `.modelOutput`, the prose before the candidate has arrived whole once the candidate
        // has begun: its event comes first, as in finish(). The text after the value may still
        // grow until the end, so only finish() reports it.
        var report = LenientDecodingReport()
        if !readsOnlyAtEnd, let event = leadingEvent() { report.append(EventBatch(events: [event])) }
        guard !readsOnlyAtEnd, readsCandidate,
            let parts = scanner.closedParts(strings: options.strings, from: candidateStart ?? 0)
        else {
            return PartialSnapshot(
                value: nil, isComplete: false, pending: pending, report: report, bytesRead: bytesRead)
        }
        let read = decode(parts)
        cache.keepArrays(parts.openContainers)
        if report.batches.isEmpty {
            report = read.report
        } else {
            for batch in read.report.batches { report.append(batch) }
        }
        var snapshot = PartialSnapshot(
            value: read.value, isComplete: isComplete, pending: pending, report: report, bytesRead: bytesRead)
        snapshot.source = PartialSnapshotSource(bytes: bytes, parts: parts, decoder: decoder)
        return snapshot
    }

    /// The skipped-text event of the text before the candidate being read under
    /// ``PartialOptions/Input/modelOutput`` (`nil` under ``PartialOptions/Input/json``, before a
    /// candidate begins, or for whitespace alone): the event ``LenientJSONDecoder/decode(_:fromModelOutput:report:)``
    /// makes for it (``SkippedTextEvents``), its offset counting a byte-order mark.
    private mutating func leadingEvent() -> LenientDecodingEvent? {
        guard options.input == .modelOutput, let candidate = candidateStart else { return nil }
        if let leadingSkip, leadingSkip.candidate == candidate { return leadingSkip.event }
        let mark = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let prose = Array(bytes[min(mark, candidate)..<candidate])
        let event = SkippedTextEvents.event(
            skipping: 0..<prose.count, of: prose, isBeforeValue: true, type: T.self, leadingByteCount: mark)
        leadingSkip = (candidate, event)
        return event
    }

    /// The value and events of the closed text of `parts`, read from the value map the scanner
    /// wrote as the bytes arrived (rule 7: nothing is scanned again, and the complete elements
    /// that an earlier snapshot decoded are taken from ``cache``).
    private mutating func decode(_ parts: ClosedParts) -> (value: T?, report: LenientDecodingReport) {
        let reading = PartialReading(
            openContainers: parts.openContainers, stringInProgress: parts.stringStart,
            pendingMembers: options.pendingMembers, cache: cache)
        let collector = ReportCollector()
        let value: T?
        do {
            let (decoder, settings, strings) = (decoder, settings, options.strings)
            value = try bytes.withUnsafeBufferPointer { buffer in
                try scanner.withMap(of: buffer, strings: strings) { map in
                    try decoder.withScannedMap(map, report: collector, options: settings, partial: reading) { impl in
                        if reading.isInProgress(0, in: impl.map) && !PartialReading.readsPrefix(T.self) {
                            throw PartialValueNotBuilt()
                        }
                        return try impl.unwrap(0, as: T.self, parent: .root, key: nil)
                    }
                }
            }
        } catch {
            value = nil
        }
        let batch = collector.takeBatch()
        let report = value == nil ? LenientDecodingReport() : batch.map(LenientDecodingReport.init) ?? .init()
        return (value, report)
    }

    /// Decodes the whole document: what ``LenientJSONDecoder/decode(_:from:)`` returns for every
    /// byte appended.
    ///
    /// - Returns: The decoded value.
    /// - Throws: The error of ``LenientJSONDecoder/decode(_:from:)``, or the error an
    ///   ``append(_:)-(Sequence<UInt8>)`` threw; a document cut short is an error ("unexpected
    ///   end of input", with line and column). Under ``PartialOptions/Input/modelOutput``, what
    ///   ``LenientJSONDecoder/decode(_:fromModelOutput:)`` returns or throws for the text.
    public mutating func finish() throws -> T {
        if let failure { throw failure }
        if options.input == .modelOutput {
            return try decoder.decode(T.self, fromModelOutput: String(decoding: bytes, as: UTF8.self))
        }
        if !readsOnlyAtEnd,
            let value = try decoder.decodeScanned(T.self, bytes: bytes, scanner: &scanner, report: nil)
        {
            return value
        }
        return try decoder.decode(T.self, from: Data(bytes))
    }

    /// Decodes the whole document, recording the events of the rules that acted.
    ///
    /// - Parameter report: The report that receives the events, as
    ///   ``LenientJSONDecoder/decode(_:from:report:)`` adds them.
    /// - Returns: The decoded value.
    /// - Throws: The error of ``LenientJSONDecoder/decode(_:from:report:)``, or the error an
    ///   ``append(_:)-(Sequence<UInt8>)`` threw.
    public mutating func finish(report: inout LenientDecodingReport) throws -> T {
        if let failure { throw failure }
        if options.input == .modelOutput {
            return try decoder.decode(T.self, fromModelOutput: String(decoding: bytes, as: UTF8.self), report: &report)
        }
        if !readsOnlyAtEnd,
            let value = try withUnsafeMutablePointer(
                to: &report,
                {
                    try decoder.decodeScanned(T.self, bytes: bytes, scanner: &scanner, report: $0)
                })
        {
            return value
        }
        return try decoder.decode(T.self, from: Data(bytes), report: &report)
    }

    /// The bytes appended so far.
    public var bytesRead: Int { bytes.count }

    /// Whether the top-level value has ended: any byte but whitespace appended after it is an error.
    public var isComplete: Bool {
        !readsOnlyAtEnd && scanner.isDone && (options.input == .json || candidateAccepted)
    }
}
