/// Snapshots of a document as its pieces arrive: at most one per piece read, and only the newest
/// while the consumer is busy. The last one is complete, or the sequence throws the error of
/// ``PartialDecoder/append(_:)-(Sequence<UInt8>)`` or ``PartialDecoder/finish()``.
///
/// Made by ``LenientJSONDecoder/snapshots(of:from:options:)`` and
/// ``LenientJSONDecoder/snapshots(of:fromText:options:)``.
public struct PartialSnapshots<T: Decodable>: AsyncSequence, Sendable {
    /// A snapshot of the document so far.
    public typealias Element = PartialSnapshot<T>

    /// Reads the snapshots.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The next snapshot, or `nil` after the complete one.
        ///
        /// - Returns: The next snapshot.
        /// - Throws: The error of reading the pieces, appending them, or finishing the document.
        public mutating func next() async throws -> PartialSnapshot<T>? { nil }
    }

    /// Makes an iterator over the snapshots.
    ///
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}
