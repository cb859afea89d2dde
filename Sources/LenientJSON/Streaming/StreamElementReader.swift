import Foundation

/// The work behind a ``LenientJSONElements`` iterator: reads the stream's bytes a piece at a
/// time into one buffer, finds the elements with an ``ElementBoundaryFinder`` and decodes them.
///
/// The elements complete in the buffer are decoded together, as one array (see
/// ``StreamBatchText``), and handed out one at a time; a batch whose text is not valid JSON is
/// decoded again element by element, so that every element before the faulty one is yielded.
///
/// The buffer holds the unfinished element and one read's worth of bytes: bytes before the
/// element being read are dropped before each read, and the buffer grows only when one
/// element is larger than it. The source is closed at the end of the stream, at the first
/// error, on cancellation, and when the iteration is abandoned (the reader goes away).
final class StreamElementReader<T: Decodable> {
    private let decoder: LenientJSONDecoder
    private let options: DecodingOptions
    private let openSource: () throws -> any ByteChunkSource
    private let onEvent: (@Sendable (LenientDecodingEvent) -> Void)?
    private let collector: ReportCollector?
    /// The decoder's ``LenientJSONDecoder/onReport`` and ``LenientJSONDecoder/statistics`` when
    /// the stream started: each element is one decode for them.
    private let readers:
        (onReport: (@Sendable (LenientDecodingReport) -> Void)?, statistics: LenientDecodingStatistics?)
    /// How many bytes one read asks for.
    private let readSize: Int

    private var source: (any ByteChunkSource)?
    private var buffer: UnsafeMutableRawBufferPointer
    /// The number of bytes of `buffer` that hold stream bytes.
    private var filled = 0
    private var finder = ElementBoundaryFinder()
    /// How each type met so far is decoded, kept from one element to the next.
    private var dispatch = TypeDispatchCache()
    private var reachedEnd = false
    private var isFinished = false

    /// The text of the current batch.
    private var batchText: UnsafeMutableRawBufferPointer
    /// The decoded elements not handed out yet (`nil`: dropped by the policy), with the range
    /// of their events in `collector`; then the error that ends the stream, if any.
    private var decoded: [(value: T?, events: Range<Int>)] = []
    private var nextDecoded = 0
    private var pendingError: (any Error)?

    init(
        decoder: LenientJSONDecoder, readSize: Int, onEvent: (@Sendable (LenientDecodingEvent) -> Void)?,
        openSource: @escaping () throws -> any ByteChunkSource
    ) {
        self.decoder = decoder
        var options = decoder.snapshot()
        // Elements are whole values, delimited by their brackets: never objects without braces.
        options.assumesTopLevelDictionary = false
        self.options = options
        self.openSource = openSource
        self.onEvent = onEvent
        readers = decoder.reportReaders()
        let readsEvents = onEvent != nil || readers.onReport != nil || readers.statistics != nil
        collector = readsEvents ? ReportCollector(hashesPatterns: readers.statistics != nil) : nil
        self.readSize = readSize
        buffer = .allocate(byteCount: readSize, alignment: 1)
        batchText = .allocate(byteCount: readSize, alignment: 1)
    }

    deinit {
        // Records describe themselves through the decoders that hold the collector.
        collector?.removeAllEvents()
        source?.close()
        buffer.deallocate()
        batchText.deallocate()
    }

    /// The next element, `nil` at the end of the stream.
    func next() async throws -> T? {
        guard !isFinished else { return nil }
        do {
            while true {
                try Task.checkCancellation()
                if let element = try nextDecodedElement() { return element }
                // Safe: the buffer holds only bytes written as UInt8 (reads from the source).
                let filledBytes = UnsafeBufferPointer(
                    start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: filled)
                var spans: [ElementSpan] = []
                var step = finder.next(in: filledBytes, isComplete: reachedEnd)
                while case .element(let range, let index, let origin) = step {
                    spans.append(ElementSpan(range: range, index: index, origin: origin))
                    step = finder.next(in: filledBytes, isComplete: reachedEnd)
                }
                if !spans.isEmpty {
                    // The step after the batch is met again once the batch is handed out.
                    decode(spans)
                    continue
                }
                switch step {
                case .element, .needsMoreBytes:
                    try await read()
                case .end:
                    finish()
                    return nil
                case .malformed(let message, let index, let location):
                    throw DecodingErrors.syntax(
                        JSONSyntaxError(message, at: 0), path: [IndexKey(index)],
                        bytes: UnsafeBufferPointer(start: nil, count: 0), origin: location)
                }
            }
        } catch {
            finish()
            throw error
        }
    }

    /// The next decoded element not handed out yet, after passing on its events (and those
    /// of the dropped elements before it); then the error that ended the batch.
    private func nextDecodedElement() throws -> T? {
        while nextDecoded < decoded.count {
            let (value, events) = decoded[nextDecoded]
            nextDecoded += 1
            if let collector {
                let batch = collector.batch(events)
                if let onEvent, let batch { for event in batch.events { onEvent(event) } }
                LenientJSONDecoder.deliver(batch, onReport: readers.onReport, statistics: readers.statistics)
            }
            if let value { return value }
        }
        if let pendingError {
            self.pendingError = nil
            throw pendingError
        }
        return nil
    }

    /// Decodes the elements of `spans` into `decoded`, as one batch or one by one; the first
    /// error is kept for when the elements before it have been handed out.
    private func decode(_ spans: [ElementSpan]) {
        decoded.removeAll(keepingCapacity: true)
        nextDecoded = 0
        collector?.removeAllEvents()
        let bytes = UnsafeRawBufferPointer(buffer)
        if let layout = finder.layout,
            let text = StreamBatchText(spans: spans, bytes: bytes, layout: layout, storage: &batchText)
        {
            do {
                try decoder.decodeStreamBatch(
                    T.self, text: UnsafeRawBufferPointer(rebasing: batchText[..<text.count]), origin: text.origin,
                    firstIndex: spans[0].index, options: options, report: collector,
                    dispatch: &dispatch, into: &decoded)
                return
            } catch {
                guard decoded.isEmpty, Self.isBeforeAnyElement(error) else {
                    pendingError = error
                    return
                }
                collector?.removeAllEvents()
            }
        }
        for span in spans {
            do {
                let mark = collector?.events.count ?? 0
                let value = try decoder.decodeStreamElement(
                    T.self, bytes: UnsafeRawBufferPointer(rebasing: bytes[span.range]), index: span.index,
                    location: span.origin, options: options, report: collector, dispatch: &dispatch)
                decoded.append((value, mark..<(collector?.events.count ?? 0)))
            } catch {
                pendingError = error
                return
            }
        }
    }

    /// Whether a batch's error came before any element was decoded: the text is not valid
    /// JSON (a syntax error, found again in its own element).
    private static func isBeforeAnyElement(_ error: any Error) -> Bool {
        guard case DecodingError.dataCorrupted(let context) = error else { return false }
        return context.underlyingError is JSONSyntaxError
    }

    /// Drops the bytes no longer needed, makes room for one read (growing the buffer only
    /// for an element larger than it) and reads; at the end of the source, notes it.
    private func read() async throws {
        if source == nil { source = try openSource() }
        let keep = finder.firstNeededByte
        if keep > 0 {
            // Safe: the buffer holds only bytes written as UInt8 (reads from the source).
            let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
            finder.discard(keep, in: UnsafeBufferPointer(start: base, count: filled))
            if filled > keep, let base { memmove(base, base + keep, filled - keep) }
            filled -= keep
        }
        if buffer.count - filled < readSize / 2 {
            let grown = UnsafeMutableRawBufferPointer.allocate(
                byteCount: Swift.max(buffer.count * 2, filled + readSize), alignment: 1)
            grown.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[..<filled]))
            buffer.deallocate()
            buffer = grown
        }
        guard let source else { return }
        let count = try await source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
        if count == 0 {
            reachedEnd = true
        } else {
            filled += count
        }
    }

    private func finish() {
        isFinished = true
        source?.close()
        source = nil
    }
}
