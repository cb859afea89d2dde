import Foundation

/// The work behind a ``LenientJSONElements`` iterator: reads the stream's bytes a piece at a
/// time into one buffer, finds each element with an ``ElementBoundaryFinder`` and decodes it.
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

    init(decoder: LenientJSONDecoder, readSize: Int, onEvent: (@Sendable (LenientDecodingEvent) -> Void)?,
         openSource: @escaping () throws -> any ByteChunkSource) {
        self.decoder = decoder
        options = decoder.snapshot()
        self.openSource = openSource
        self.onEvent = onEvent
        collector = onEvent == nil ? nil : ReportCollector()
        self.readSize = readSize
        buffer = .allocate(byteCount: readSize, alignment: 1)
    }

    deinit {
        source?.close()
        buffer.deallocate()
    }

    /// The next element, `nil` at the end of the stream.
    func next() async throws -> T? {
        guard !isFinished else { return nil }
        do {
            while true {
                try Task.checkCancellation()
                let filledBytes = UnsafeBufferPointer(start: buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), count: filled)
                switch finder.next(in: filledBytes, isComplete: reachedEnd) {
                case .element(let range, let index, let origin):
                    if let element = try decode(UnsafeRawBufferPointer(rebasing: buffer[range]), index: index, origin: origin) {
                        return element
                    }
                case .needsMoreBytes:
                    try await read()
                case .end:
                    finish()
                    return nil
                case .malformed(let message, let index, let location):
                    throw DecodingErrors.syntax(JSONSyntaxError(message, at: 0), path: [IndexKey(index)],
                                                bytes: UnsafeBufferPointer(start: nil, count: 0), origin: location)
                }
            }
        } catch {
            finish()
            throw error
        }
    }

    /// Element `index`, or `nil` when the policy dropped it; its events go to `onEvent`.
    private func decode(_ bytes: UnsafeRawBufferPointer, index: Int, origin: SourceLocation) throws -> T? {
        guard let collector, let onEvent else {
            return try decoder.decodeStreamElement(T.self, bytes: bytes, index: index, location: origin, options: options, report: nil, dispatch: &dispatch)
        }
        defer { collector.events.removeAll(keepingCapacity: true) }
        let element = try decoder.decodeStreamElement(T.self, bytes: bytes, index: index, location: origin, options: options, report: collector, dispatch: &dispatch)
        for event in collector.events { onEvent(event) }
        return element
    }

    /// Drops the bytes no longer needed, makes room for one read (growing the buffer only
    /// for an element larger than it) and reads; at the end of the source, notes it.
    private func read() async throws {
        if source == nil { source = try openSource() }
        let keep = finder.firstNeededByte
        if keep > 0 {
            let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
            finder.discard(keep, in: UnsafeBufferPointer(start: base, count: filled))
            if filled > keep, let base { memmove(base, base + keep, filled - keep) }
            filled -= keep
        }
        if buffer.count - filled < readSize / 2 {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(buffer.count * 2, filled + readSize), alignment: 1)
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
