import Foundation

extension LenientJSONDecoder {
    /// The elements of a JSON file, decoded one at a time as the file is read.
    ///
    /// The file holds a top-level JSON array, JSON Lines, or JSON values separated by
    /// whitespace. It is read in pieces of 256 KiB, so memory stays bounded by the largest
    /// element plus one piece, whatever the file's size; see ``LenientJSONElements`` for
    /// layouts, errors and cancellation.
    ///
    /// ```swift
    /// let decoder = LenientJSONDecoder()
    /// for try await event in decoder.elements(of: LogEvent.self, from: logURL) {
    ///     counts[event.level, default: 0] += 1
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each element.
    ///   - url: A file URL. The file is opened when the iteration starts.
    /// - Returns: The stream's elements, as an `AsyncSequence`.
    /// - Throws: Nothing here; iterating throws `DecodingError` for the stream's errors, and
    ///   the file's error when it cannot be opened or read.
    public func elements<T: Decodable>(of type: T.Type, from url: URL) -> LenientJSONElements<T> {
        LenientJSONElements(decoder: self, source: .file(url), onEvent: nil)
    }

    /// The elements of a JSON file, decoded one at a time, handing what leniency did for each
    /// element to a closure.
    ///
    /// As ``elements(of:from:)-(_,URL)``; before each element is returned, `onEvent` is
    /// called with its events in document order, each with the path and the line and column
    /// it would have in a whole-document decode of the file (`$[41].user.id`). A dropped
    /// element's event comes before the next element. An element that throws reports nothing.
    ///
    /// ```swift
    /// let users = decoder.elements(of: User.self, from: url) { event in
    ///     logger.notice("\(event)")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each element.
    ///   - url: A file URL. The file is opened when the iteration starts.
    ///   - onEvent: Called in the iterating task with each ``LenientDecodingEvent``.
    /// - Returns: The stream's elements, as an `AsyncSequence`.
    /// - Throws: Nothing here; iterating throws as for ``elements(of:from:)-(_,URL)``.
    public func elements<T: Decodable>(
        of type: T.Type, from url: URL,
        onEvent: @escaping @Sendable (LenientDecodingEvent) -> Void
    ) -> LenientJSONElements<T> {
        LenientJSONElements(decoder: self, source: .file(url), onEvent: onEvent)
    }

    /// The elements of a JSON stream of bytes, decoded one at a time as the bytes arrive.
    ///
    /// The bytes hold a top-level JSON array, JSON Lines, or JSON values separated by
    /// whitespace (UTF-8). They are gathered into pieces of up to 64 KiB, a piece ending early
    /// at each line break, so that each line of a JSON Lines stream is decoded as soon as it
    /// has arrived. See ``LenientJSONElements`` for layouts, errors and cancellation.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(from: feedURL)
    /// for try await item in decoder.elements(of: Item.self, from: bytes) {
    ///     show(item)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each element.
    ///   - bytes: The stream's bytes. Each iteration makes a new iterator of the sequence.
    /// - Returns: The stream's elements, as an `AsyncSequence`.
    /// - Throws: Nothing here; iterating throws `DecodingError` for the stream's errors, and
    ///   what the byte sequence throws.
    @inlinable
    public func elements<T: Decodable, Bytes: AsyncSequence & Sendable>(of type: T.Type, from bytes: Bytes)
        -> LenientJSONElements<T>
    where Bytes.Element == UInt8 {
        LenientJSONElements(decoder: self, sequence: { AsyncByteChunks(bytes).functions }, onEvent: nil)
    }

    /// The elements of a JSON stream of bytes, decoded one at a time, handing what leniency
    /// did for each element to a closure.
    ///
    /// As ``elements(of:from:)-(_,Bytes)``, with `onEvent` called as for
    /// ``elements(of:from:onEvent:)-(_,URL,_)``.
    ///
    /// ```swift
    /// let items = decoder.elements(of: Item.self, from: bytes) { event in print(event) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each element.
    ///   - bytes: The stream's bytes. Each iteration makes a new iterator of the sequence.
    ///   - onEvent: Called in the iterating task with each ``LenientDecodingEvent``.
    /// - Returns: The stream's elements, as an `AsyncSequence`.
    /// - Throws: Nothing here; iterating throws as for ``elements(of:from:)-(_,Bytes)``.
    @inlinable
    public func elements<T: Decodable, Bytes: AsyncSequence & Sendable>(
        of type: T.Type, from bytes: Bytes,
        onEvent: @escaping @Sendable (LenientDecodingEvent) -> Void
    ) -> LenientJSONElements<T>
    where Bytes.Element == UInt8 {
        LenientJSONElements(decoder: self, sequence: { AsyncByteChunks(bytes).functions }, onEvent: onEvent)
    }

    /// The elements of a JSON stream that arrives in chunks (`Data`, `[UInt8]`), decoded one
    /// at a time as the chunks arrive.
    ///
    /// As ``elements(of:from:)-(_,Bytes)``, for a sequence of chunks instead of single bytes
    /// (an `AsyncStream<Data>` fed by a network delegate, file or socket reads): each chunk is
    /// copied as a whole, with no `await` per byte, and decoded as far as it goes as soon as it
    /// has arrived. Chunks may split the stream anywhere, inside a string, an escape, a number
    /// or a multi-byte character.
    ///
    /// ```swift
    /// let (chunks, continuation) = AsyncStream.makeStream(of: Data.self)
    /// // the network delegate calls continuation.yield(data) for each piece, then finish()
    /// for try await item in decoder.elements(of: Item.self, from: chunks) {
    ///     show(item)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each element.
    ///   - chunks: The stream's bytes, in chunks of any size (empty chunks are skipped).
    ///   - onEvent: Called in the iterating task with each ``LenientDecodingEvent``, as for
    ///     ``elements(of:from:onEvent:)-(_,URL,_)``; `nil` (the default) reports nothing.
    /// - Returns: The stream's elements, as an `AsyncSequence`.
    /// - Throws: Nothing here; iterating throws `DecodingError` for the stream's errors, and
    ///   what the chunk sequence throws.
    @inlinable
    public func elements<T: Decodable, Chunks: AsyncSequence & Sendable>(
        of type: T.Type, from chunks: Chunks, onEvent: (@Sendable (LenientDecodingEvent) -> Void)? = nil
    ) -> LenientJSONElements<T> where Chunks.Element: DataProtocol {
        LenientJSONElements(decoder: self, sequence: { AsyncChunkSource(chunks).functions }, onEvent: onEvent)
    }
}
