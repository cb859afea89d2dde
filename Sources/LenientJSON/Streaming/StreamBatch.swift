import Foundation

/// One element found in the reader's buffer: its bytes, its index in the stream and the line
/// and column of its first byte.
struct ElementSpan {
    var range: Range<Int>
    var index: Int
    var origin: SourceLocation
}

/// The elements found in one buffer's worth of bytes, written out as one JSON array so that
/// they are scanned and decoded as a whole-document decode of an array does it, with one
/// value map for all of them instead of one per element.
///
/// Every byte keeps its line and column: the text is `[`, the bytes from the first element's
/// start to the last one's end, and `]`. The elements of a top-level array are separated by
/// their own commas already. Between values of a sequence, a comma takes the place of a space,
/// tab or carriage return, or, where the values are separated by line breaks only, is put
/// before the first of them (nothing follows it on its line). Values written with nothing
/// between them (`{…}{…}`) cannot be joined so; ``init(spans:bytes:layout:)`` is then `nil`
/// and each element is decoded on its own.
struct StreamBatchText {
    /// The array's text (in `storage`).
    private(set) var count = 0
    /// The line and column of the text's first byte (the `[`), one column before the first
    /// element's first byte.
    let origin: SourceLocation

    init?(
        spans: [ElementSpan], bytes: UnsafeRawBufferPointer, layout: ElementBoundaryFinder.Layout,
        storage: inout UnsafeMutableRawBufferPointer
    ) {
        guard let first = spans.first, let last = spans.last else { return nil }
        origin = SourceLocation(line: first.origin.line, column: first.origin.column - 1)
        let needed = last.range.upperBound - first.range.lowerBound + spans.count + 2
        if storage.count < needed {
            storage.deallocate()
            storage = .allocate(byteCount: Swift.max(needed, storage.count * 2), alignment: 1)
        }
        let text = storage
        var count = 0
        func append(_ slice: Range<Int>) {
            UnsafeMutableRawBufferPointer(rebasing: text[count..<count + slice.count]).copyMemory(
                from: UnsafeRawBufferPointer(rebasing: bytes[slice]))
            count += slice.count
        }
        text[count] = UInt8(ascii: "[")
        count += 1
        switch layout {
        case .array:
            append(first.range.lowerBound..<last.range.upperBound)
        case .values:
            append(first.range)
            for (previous, span) in zip(spans, spans.dropFirst()) {
                let gap = previous.range.upperBound..<span.range.lowerBound
                guard !gap.isEmpty else { return nil }
                let gapStart = count
                append(gap)
                if let blank = (gapStart..<count).first(where: { text[$0] != UInt8(ascii: "\n") }) {
                    text[blank] = UInt8(ascii: ",")
                } else {
                    // Line breaks only: a comma before the first, where nothing follows it.
                    text[gapStart] = UInt8(ascii: ",")
                    for offset in gapStart + 1...count { text[offset] = UInt8(ascii: "\n") }
                    count += 1
                }
                append(span.range)
            }
        }
        text[count] = UInt8(ascii: "]")
        count += 1
        self.count = count
    }
}

extension LenientJSONDecoder {
    /// Decodes the elements of a batch (see ``StreamBatchText``), the first of them element
    /// `firstIndex` of the stream, each as ``decodeStreamElement(_:bytes:index:location:options:report:dispatch:)``
    /// decodes one. Each element's value (`nil` when the policy dropped it) and the range of
    /// its events in `report` are appended to `results` as it is decoded, so that those decoded
    /// before an error are kept.
    ///
    /// - Throws: The first element's error; a syntax error before any element was decoded,
    ///   when the elements must be decoded one by one (the syntax error is then found again,
    ///   in its own element).
    func decodeStreamBatch<T: Decodable>(
        _ type: T.Type, text: UnsafeRawBufferPointer, origin: SourceLocation, firstIndex: Int,
        options: DecodingOptions, report: ReportCollector?, dispatch: inout TypeDispatchCache,
        into results: inout [(value: T?, events: Range<Int>)]
    ) throws {
        guard let base = text.baseAddress else { return }
        // Safe: the decode only reads the bytes and copies them if anything outlives it; it buys no copy per batch.
        let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: text.count, deallocator: .none)
        try withDocument(data, report: report, options: options, origin: DocumentOrigin(path: [], location: origin)) {
            impl in
            // The batch's text is `[`, whole elements and `]`: an array, unless the elements were
            // misjudged; then they are decoded one by one, as after a syntax error.
            guard impl.map.kind(0) == .array else {
                throw DecodingErrors.syntax(
                    JSONSyntaxError("stream batch is not one array", at: 0), path: [], bytes: nil)
            }
            impl.dispatchCache.pointee = dispatch
            defer { dispatch = impl.dispatchCache.pointee }
            let map = impl.map
            var child = 1
            for offset in 0..<map.childCount(0) {
                let mark = report?.events.count ?? 0
                let value = try impl.element(child, as: type, parent: .root, key: IndexKey(firstIndex + offset))
                impl.reportUnusedKeys()
                results.append((value, mark..<(report?.events.count ?? 0)))
                child = map.next(after: child)
            }
        }
    }
}
