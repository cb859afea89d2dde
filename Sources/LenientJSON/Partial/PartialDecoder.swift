import Foundation

/// One document that arrives in pieces, decoded as it grows.
///
/// Made by ``LenientJSONDecoder/partial(_:options:)``. Append each piece as it arrives, take a
/// ``snapshot()`` whenever something should be shown, and ``finish()`` once the last piece is in.
/// The decoder's policy, strategies, registrations and reporting apply as to
/// ``LenientJSONDecoder/decode(_:from:)``.
///
/// ```swift
/// var partial = decoder.partial(Recipe.self)
/// for try await piece in pieces {
///     try partial.append(piece)
///     show(partial.snapshot().value)      // nil until a Recipe can be built
/// }
/// let recipe = try partial.finish()
/// ```
///
/// A snapshot shows only what is whole (a number once the byte after it has arrived, never `1`
/// before `1000000`), and a string in progress as the text that has arrived (see
/// ``PartialOptions``). Each piece is read once; the document is held once.
public struct PartialDecoder<T: Decodable> {
    let decoder: LenientJSONDecoder
    let options: PartialOptions
    /// Every byte appended.
    var bytes: [UInt8] = []
    /// Where the document stands, read from the bytes appended.
    var scanner = PartialScanner()
    /// The error that ended the document, thrown again by every call.
    var failure: (any Error)?
    /// Whether the bytes are read only by ``finish()``: input that the scanner does not follow
    /// (UTF-16 or UTF-32, JSON5, an object without braces), shown by no snapshot before the end.
    var readsOnlyAtEnd: Bool

    init(decoder: LenientJSONDecoder, options: PartialOptions) {
        self.decoder = decoder
        self.options = options
        readsOnlyAtEnd = decoder.allowsJSON5 || decoder.assumesTopLevelDictionary
    }

    /// Appends the next piece of the document.
    ///
    /// - Parameter bytes: The piece's bytes, UTF-8.
    /// - Throws: The `DecodingError` that ``LenientJSONDecoder/decode(_:from:)`` would throw, as
    ///   soon as the bytes so far cannot begin any document it accepts (under
    ///   ``PartialOptions/Input/json``, any byte but whitespace after the top-level value is
    ///   such an error); after that, every call throws it again.
    public mutating func append(_ bytes: some Sequence<UInt8>) throws {
        if let failure { throw failure }
        let start = self.bytes.count
        self.bytes.append(contentsOf: bytes)
        guard !readsOnlyAtEnd else { return }
        let bad = self.bytes.withUnsafeBufferPointer { scanner.read($0, from: start) }
        guard let bad else { return }
        if bad < 4 && (self.bytes.prefix(4).contains(0) || self.bytes[0] == 0xFE || self.bytes[0] == 0xFF) {
            // UTF-16 or UTF-32 (`InputEncoding`): read at the end only.
            readsOnlyAtEnd = true
            return
        }
        // The decoder's own scanner fails on the same byte (it scans before it decodes): its
        // error is the one `decode(_:from:)` throws for any document that begins so (path, line,
        // column, offset), its excerpt showing the bytes that have arrived.
        do {
            _ = try decoder.decode(T.self, from: Data(self.bytes))
            readsOnlyAtEnd = true
        } catch {
            failure = error
            throw error
        }
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
    /// The value is decoded from what has arrived: every object and array that has ended as in
    /// a whole document, the members of an object still open that have not arrived as
    /// ``PartialOptions/pendingMembers`` says, and no number, literal or key that may still grow.
    /// After an error, the snapshot shows what arrived before the byte that made it.
    ///
    /// - Returns: The value built from what has arrived, and what is still pending.
    public mutating func snapshot() -> PartialSnapshot<T> {
        let bytesRead = bytes.count
        guard !readsOnlyAtEnd,
            let (text, reading) = scanner.closedText(
                of: bytes, strings: options.strings, pendingMembers: options.pendingMembers)
        else {
            return PartialSnapshot(
                value: nil, isComplete: false, pending: readsOnlyAtEnd ? [] : scanner.pending,
                report: LenientDecodingReport(), bytesRead: bytesRead)
        }
        let closed = Data(text)
        let collector = ReportCollector()
        let value: T?
        do {
            value = try decoder.withDocument(closed, report: collector, partial: reading) { impl in
                if reading.isInProgress(0, in: impl.map) && !PartialReading.readsPrefix(T.self) {
                    throw PartialValueNotBuilt()
                }
                return try impl.unwrap(0, as: T.self, parent: .root, key: nil)
            }
        } catch {
            value = nil
        }
        let batch = collector.takeBatch()
        var snapshot = PartialSnapshot(
            value: value, isComplete: scanner.isDone, pending: scanner.pending,
            report: value == nil ? LenientDecodingReport() : batch.map(LenientDecodingReport.init) ?? .init(),
            bytesRead: bytesRead)
        snapshot.closedText = closed
        snapshot.decoder = decoder
        return snapshot
    }

    /// Decodes the whole document: what ``LenientJSONDecoder/decode(_:from:)`` returns for every
    /// byte appended.
    ///
    /// - Returns: The decoded value.
    /// - Throws: The error of ``LenientJSONDecoder/decode(_:from:)``, or the error an
    ///   ``append(_:)-(Sequence<UInt8>)`` threw; a document cut short is an error ("unexpected
    ///   end of input", with line and column).
    public mutating func finish() throws -> T {
        if let failure { throw failure }
        return try decoder.decode(T.self, from: Data(bytes))
    }

    /// Decodes the whole document, recording the events of the rules that acted.
    ///
    /// - Parameter report: The report that receives the events, as
    ///   ``LenientJSONDecoder/decode(_:from:report:)`` adds them.
    /// - Returns: The decoded value.
    /// - Throws: The error of ``LenientJSONDecoder/decode(_:from:report:)``, or the error an
    ///   ``append(_:)-(Sequence<UInt8>)`` threw.
    public mutating func finish(report: inout LenientDecodingReport) throws -> T {
        if let failure { throw failure }
        return try decoder.decode(T.self, from: Data(bytes), report: &report)
    }

    /// The bytes appended so far.
    public var bytesRead: Int { bytes.count }

    /// Whether the top-level value has ended: any byte but whitespace appended after it is an error.
    public var isComplete: Bool { !readsOnlyAtEnd && scanner.isDone }
}
