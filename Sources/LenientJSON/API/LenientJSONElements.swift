import Foundation

/// The elements of a JSON stream, decoded one at a time as the bytes arrive.
///
/// Make one with ``LenientJSONDecoder/elements(of:from:)-(_,URL)`` (a file) or
/// ``LenientJSONDecoder/elements(of:from:)-(_,Bytes)`` (any `AsyncSequence` of bytes). The
/// stream is a top-level JSON array, JSON Lines, or JSON values separated by whitespace; the
/// first byte that is not whitespace tells which (`[` is an array), after a UTF-8 byte order
/// mark if there is one.
///
/// ```swift
/// for try await user in decoder.elements(of: User.self, from: exportURL) {
///     try await database.insert(user)
/// }
/// ```
///
/// Each element is decoded as the same element of a whole-document decode of `[T]` would be,
/// with the decoder's policy, strategies and registrations as they were when the iteration
/// started. Memory stays bounded by the largest element plus one read buffer, whatever the
/// size of the stream.
///
/// Errors: each is a `DecodingError` whose coding path starts with the element's index and
/// whose description names the path from the stream's root (`$[41].user.id`) and the line and
/// column in the whole stream. A stream that ends too early yields every complete element,
/// then a `dataCorrupted` error at its end. An element that is not valid JSON ends the stream
/// under every policy; one that is valid JSON but cannot be decoded as `T` is dropped (and
/// reported as ``LenientDecodingEvent/Kind/droppedElement``) when the policy's
/// ``LenientPolicy/invalidValues`` is ``LenientPolicy/InvalidValueHandling/recover``
/// (``LenientPolicy/permissive``), and ends the stream under every other policy. When the
/// iterating task is cancelled, the next call throws `CancellationError`. The source is
/// closed at the end, at an error, on cancellation, and when the iterator is dropped.
///
/// A stream whose first value is an array is read as one top-level array, so JSON Lines whose
/// lines are arrays are not read as values: their second line is an error. The stream is
/// UTF-8. `assumesTopLevelDictionary` does not apply (each element is a whole value); with
/// `allowsJSON5`, elements may use JSON5, but the stream finds where they end by their
/// brackets, braces and double-quoted strings only, so a comment or single-quoted string
/// holding one of those is not supported.
public struct LenientJSONElements<T: Decodable>: AsyncSequence, Sendable {
    /// The type of the stream's elements.
    public typealias Element = T

    /// Where the bytes come from: a new source for each iteration.
    enum Source: Sendable {
        case file(URL)
        case bytes(@Sendable () -> any ByteChunkSource)
    }

    let decoder: LenientJSONDecoder
    let source: Source
    let onEvent: (@Sendable (LenientDecodingEvent) -> Void)?

    /// How many bytes one read of a file asks for.
    static var fileReadSize: Int { 256 * 1024 }
    /// How many bytes one piece of an `AsyncSequence` holds at most.
    static var sequenceReadSize: Int { 64 * 1024 }

    init(decoder: LenientJSONDecoder, source: Source, onEvent: (@Sendable (LenientDecodingEvent) -> Void)?) {
        self.decoder = decoder
        self.source = source
        self.onEvent = onEvent
    }

    /// The elements of an `AsyncSequence`, read through the functions `makeReader` makes for
    /// each iteration (in the caller's module: see ``SequenceChunkSource``).
    @usableFromInline
    init(
        decoder: LenientJSONDecoder, sequence makeReader: @escaping @Sendable () -> SequenceReadFunctions,
        onEvent: (@Sendable (LenientDecodingEvent) -> Void)?
    ) {
        self.init(decoder: decoder, source: .bytes { SequenceChunkSource(makeReader()) }, onEvent: onEvent)
    }

    /// Starts an iteration over the stream, which reads it from its start.
    ///
    /// The decoder's settings are read now; a file is opened by the first call of
    /// ``AsyncIterator/next()``.
    ///
    /// ```swift
    /// var iterator = decoder.elements(of: User.self, from: url).makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    ///
    /// - Returns: An iterator over the stream's elements.
    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .file(let url):
            return AsyncIterator(
                reader: StreamElementReader(decoder: decoder, readSize: Self.fileReadSize, onEvent: onEvent) {
                    try FileChunkSource(url: url)
                })
        case .bytes(let makeSource):
            return AsyncIterator(
                reader: StreamElementReader(
                    decoder: decoder, readSize: Self.sequenceReadSize, onEvent: onEvent, openSource: makeSource))
        }
    }

    /// An iterator over the elements of a ``LenientJSONElements`` stream.
    ///
    /// Use it from one task: it is not `Sendable`. Dropping it closes the stream's source.
    ///
    /// ```swift
    /// var iterator = elements.makeAsyncIterator()
    /// while let user = try await iterator.next() { print(user) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: StreamElementReader<T>

        /// The next element of the stream, read and decoded, or `nil` at its end.
        ///
        /// ```swift
        /// let user = try await iterator.next()
        /// ```
        ///
        /// - Returns: The next element, or `nil` when the stream has ended (after the last
        ///   element, an error, or cancellation).
        /// - Throws: `DecodingError` when the stream is not valid JSON or an element cannot be
        ///   decoded under the policy (the error names the element's index, its path, line and
        ///   column in the whole stream); `CancellationError` when the task is cancelled; the
        ///   error of the file or the byte sequence when reading fails.
        public mutating func next() async throws -> T? {
            try await reader.next()
        }
    }
}

@available(*, unavailable)
extension LenientJSONElements.AsyncIterator: Sendable {}
