/// Snapshots of a document as its pieces arrive: at most one per piece read, and only the newest
/// while the consumer is busy. The last one is complete, or the sequence throws the error of
/// ``PartialDecoder/append(_:)-(Sequence<UInt8>)`` or ``PartialDecoder/finish()``.
///
/// Made by ``LenientJSONDecoder/snapshots(of:from:options:)`` and
/// ``LenientJSONDecoder/snapshots(of:fromText:options:)``.
///
/// ```swift
/// for try await snapshot in decoder.snapshots(of: Recipe.self, fromText: fragments) {
///     recipe = snapshot.value          // shown as it grows
///     isDone = snapshot.isComplete
/// }
/// ```
///
/// Each iteration starts a task that reads the source from its start. The pieces it reads pile
/// up as bytes until the consumer asks for the next snapshot, which is then made of all of them
/// in the consumer's task: a consumer busy drawing one snapshot gets the newest document next
/// (never a backlog), and no snapshot is made that nobody reads. A complete snapshot (the
/// top-level value has ended, or the source has) is finished by ``PartialDecoder/finish()``: its
/// value is the one ``LenientJSONDecoder/decode(_:from:)`` returns for the whole document, its
/// report that decode's events. When the source ends, the last element is such a snapshot,
/// unless the one yielded for the last piece was already. When the consumer's task is
/// cancelled, or it stops iterating, the source is read no further; a cancelled
/// ``AsyncIterator/next()`` throws `CancellationError`.
public struct PartialSnapshots<T: Decodable>: AsyncSequence, Sendable {
    /// A snapshot of the document so far.
    public typealias Element = PartialSnapshot<T>

    let decoder: LenientJSONDecoder
    let options: PartialOptions
    /// Reads the source from its start, adding each piece.
    let read: @Sendable (SnapshotPieces) async throws -> Void

    /// Reads the snapshots. Use it from one task: it is not `Sendable`. Dropping it stops the
    /// reading of the source.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var partial: PartialDecoder<T>
        private let pieces = SnapshotPieces()
        private let read: @Sendable (SnapshotPieces) async throws -> Void
        private var reading: SnapshotReading?
        /// Whether the last snapshot yielded was complete.
        private var yieldedComplete = false
        private var isDone = false

        init(partial: PartialDecoder<T>, read: @escaping @Sendable (SnapshotPieces) async throws -> Void) {
            self.partial = partial
            self.read = read
        }

        /// The next snapshot, or `nil` after the complete one.
        ///
        /// Waits until at least one piece has arrived since the last snapshot (or the source has
        /// ended), appends every piece that has arrived, and returns the snapshot of the document
        /// so far; at the end of the source, the complete one.
        ///
        /// - Returns: The next snapshot, or `nil` once the document is complete (or after an error).
        /// - Throws: The error of reading the source, of appending its pieces
        ///   (``PartialDecoder/append(_:)-(Sequence<UInt8>)``, as soon as the bytes cannot begin a
        ///   document) or of finishing the document (``PartialDecoder/finish()``: one cut short is
        ///   an error); `CancellationError` when the consumer's task is cancelled.
        public mutating func next() async throws -> PartialSnapshot<T>? {
            guard !isDone else { return nil }
            if reading == nil { reading = SnapshotReading(into: pieces, read) }
            let pieces = self.pieces
            let taken = await withTaskCancellationHandler {
                await pieces.take()
            } onCancel: {
                pieces.cancel()
            }
            do {
                if taken.isCancelled || Task.isCancelled { throw CancellationError() }
                if !taken.bytes.isEmpty { try partial.append(taken.bytes) }
                switch taken.end {
                case nil:
                    var snapshot = partial.snapshot()
                    if snapshot.isComplete { snapshot = try finished(snapshot) }
                    yieldedComplete = snapshot.isComplete
                    return snapshot
                case .failed(let error):
                    throw error
                case .finished:
                    stop()
                    // A complete snapshot yielded since the last piece was finished already.
                    if taken.pieces == 0 && yieldedComplete { return nil }
                    return try finished(partial.snapshot())
                }
            } catch {
                stop()
                throw error
            }
        }

        /// `snapshot` completed by ``PartialDecoder/finish(report:)``: its value and events
        /// those of the whole document's decode.
        private mutating func finished(_ snapshot: PartialSnapshot<T>) throws -> PartialSnapshot<T> {
            var snapshot = snapshot
            var report = LenientDecodingReport()
            snapshot.value = try partial.finish(report: &report)
            snapshot.isComplete = true
            snapshot.pending = []
            snapshot.report = report
            return snapshot
        }

        /// Ends the iteration and the reading of the source.
        private mutating func stop() {
            isDone = true
            reading?.cancel()
        }
    }

    /// Makes an iterator over the snapshots, which reads the source from its start when first asked.
    ///
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(partial: decoder.partial(T.self, options: options), read: read)
    }
}

@available(*, unavailable)
extension PartialSnapshots.AsyncIterator: Sendable {}
