import Foundation

extension LenientJSONDecoder {
    /// Starts decoding one document that arrives in pieces.
    ///
    /// The decoder's policy, strategies, registrations and reporting apply as to ``decode(_:from:)``.
    ///
    /// - Parameters:
    ///   - type: The type of the document's value.
    ///   - options: How the pieces are read.
    /// - Returns: A decoder to append pieces to and take snapshots from.
    public func partial<T: Decodable>(_ type: T.Type, options: PartialOptions = .init()) -> PartialDecoder<T> {
        PartialDecoder(decoder: self, options: options)
    }

    /// Snapshots of one document as its bytes arrive.
    ///
    /// Each byte the sequence gives is a piece: a snapshot is made when the consumer asks for
    /// the next one and at least one byte has arrived since the last, of every byte arrived so
    /// far. See ``PartialSnapshots`` for the last snapshot, errors and cancellation.
    ///
    /// ```swift
    /// let (bytes, _) = try await URLSession.shared.bytes(for: request)
    /// for try await snapshot in decoder.snapshots(of: Report.self, from: bytes) {
    ///     show(snapshot.value, pending: snapshot.pending)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the document's value.
    ///   - bytes: The document's bytes, UTF-8. Each iteration makes a new iterator of the sequence.
    ///   - options: How the pieces are read.
    /// - Returns: At most one snapshot per piece read, only the newest while the consumer is busy.
    public func snapshots<T: Decodable, Bytes: AsyncSequence & Sendable>(
        of type: T.Type, from bytes: Bytes, options: PartialOptions = .init()
    ) -> PartialSnapshots<T> where Bytes.Element == UInt8 {
        PartialSnapshots(decoder: self, options: options) { pieces in
            for try await byte in bytes {
                if Task.isCancelled { return }
                pieces.add(byte)
            }
        }
    }

    /// Snapshots of one document as its text arrives, such as a language model's streamed answer.
    ///
    /// Each fragment is a piece (an empty one is none): a snapshot is made when the consumer
    /// asks for the next one and at least one fragment has arrived since the last, of all the
    /// text arrived so far. See ``PartialSnapshots`` for the last snapshot, errors and
    /// cancellation.
    ///
    /// ```swift
    /// for try await snapshot in decoder.snapshots(
    ///     of: Recipe.self, fromText: deltas, options: PartialOptions(input: .modelOutput)
    /// ) {
    ///     recipe = snapshot.value
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the document's value.
    ///   - fragments: The document's text, in any pieces. Each iteration makes a new iterator of
    ///     the sequence.
    ///   - options: How the pieces are read.
    /// - Returns: At most one snapshot per fragment read, only the newest while the consumer is busy.
    public func snapshots<T: Decodable, Text: AsyncSequence & Sendable>(
        of type: T.Type, fromText fragments: Text, options: PartialOptions = .init()
    ) -> PartialSnapshots<T> where Text.Element == String {
        PartialSnapshots(decoder: self, options: options) { pieces in
            for try await fragment in fragments {
                if Task.isCancelled { return }
                if !fragment.isEmpty { pieces.add(fragment.utf8) }
            }
        }
    }
}
