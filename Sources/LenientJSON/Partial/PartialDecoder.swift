import Foundation

/// One document that arrives in pieces, decoded as it grows.
///
/// Made by ``LenientJSONDecoder/partial(_:options:)``. The decoder's policy, strategies,
/// registrations and reporting apply as to ``LenientJSONDecoder/decode(_:from:)``.
public struct PartialDecoder<T: Decodable> {
    let decoder: LenientJSONDecoder
    let options: PartialOptions
    var bytes: [UInt8] = []

    init(decoder: LenientJSONDecoder, options: PartialOptions) {
        self.decoder = decoder
        self.options = options
    }

    /// Appends the next piece of the document.
    ///
    /// - Parameter bytes: The piece's bytes, UTF-8.
    /// - Throws: The `DecodingError` that ``LenientJSONDecoder/decode(_:from:)`` would throw, as
    ///   soon as the bytes so far cannot begin any document it accepts; after that, every call throws it.
    public mutating func append(_ bytes: some Sequence<UInt8>) throws {
        self.bytes.append(contentsOf: bytes)
    }

    /// Appends the next piece of the document.
    ///
    /// - Parameter text: The piece's text.
    /// - Throws: As ``append(_:)-(Sequence<UInt8>)``.
    public mutating func append(_ text: String) throws {
        try append(text.utf8)
    }

    /// What can be shown of the document so far. Never throws.
    ///
    /// - Returns: The value built from what has arrived, and what is still pending.
    public mutating func snapshot() -> PartialSnapshot<T> {
        PartialSnapshot(
            value: nil, isComplete: false, pending: [], report: LenientDecodingReport(), bytesRead: bytesRead)
    }

    /// Decodes the whole document: what ``LenientJSONDecoder/decode(_:from:)`` returns for every byte appended.
    ///
    /// - Returns: The decoded value.
    /// - Throws: The error of ``LenientJSONDecoder/decode(_:from:)``; a document cut short is an error.
    public mutating func finish() throws -> T {
        try decoder.decode(T.self, from: Data(bytes))
    }

    /// Decodes the whole document, recording the events of the rules that acted.
    ///
    /// - Parameter report: The report that receives the events.
    /// - Returns: The decoded value.
    /// - Throws: The error of ``LenientJSONDecoder/decode(_:from:report:)``.
    public mutating func finish(report: inout LenientDecodingReport) throws -> T {
        try decoder.decode(T.self, from: Data(bytes), report: &report)
    }

    /// The bytes appended so far.
    public var bytesRead: Int { bytes.count }

    /// Whether the top-level value has ended.
    public var isComplete: Bool { false }
}
