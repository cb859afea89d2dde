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
    /// - Parameters:
    ///   - type: The type of the document's value.
    ///   - bytes: The document's bytes, in any pieces.
    ///   - options: How the pieces are read.
    /// - Returns: At most one snapshot per piece read, only the newest while the consumer is busy.
    public func snapshots<T: Decodable, Bytes: AsyncSequence & Sendable>(
        of type: T.Type, from bytes: Bytes, options: PartialOptions = .init()
    ) -> PartialSnapshots<T> where Bytes.Element == UInt8 {
        PartialSnapshots()
    }

    /// Snapshots of one document as its text arrives, such as a language model's streamed answer.
    ///
    /// - Parameters:
    ///   - type: The type of the document's value.
    ///   - fragments: The document's text, in any pieces.
    ///   - options: How the pieces are read.
    /// - Returns: At most one snapshot per fragment read, only the newest while the consumer is busy.
    public func snapshots<T: Decodable, Text: AsyncSequence & Sendable>(
        of type: T.Type, fromText fragments: Text, options: PartialOptions = .init()
    ) -> PartialSnapshots<T> where Text.Element == String {
        PartialSnapshots()
    }
}
