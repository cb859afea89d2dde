import Foundation

/// Decoding from a value map that a ``PartialDecoder`` wrote as its bytes arrived (SPEC 14,
/// rule 7), rather than one that `withDocument` scans from `Data`.
extension LenientJSONDecoder {
    /// Runs `body` with a decoder at the root of `map`, as `withDocument` runs it for a map it
    /// scanned: the same decoder, the unused keys reported after `body` returns, and the
    /// document's end told to `report`.
    func withScannedMap<R>(
        _ map: ValueMap, report: ReportCollector?, options: DecodingOptions, partial: PartialReading?,
        _ body: (DecoderImpl) throws -> R
    ) throws -> R {
        defer { report?.documentEnded() }
        let impl = DecoderImpl(
            map: map, options: options, entry: 0, pathNode: .root, report: report, reusesContainers: true,
            tracksUnusedKeys: true, partial: partial)
        defer { impl.endDecode() }
        let value = try body(impl)
        impl.reportUnusedKeys()
        return value
    }

    /// ``decode(_:from:)`` of `bytes`, whose value map `scanner` wrote as they arrived (its
    /// top-level value has ended): the same value, events and errors, without scanning the bytes
    /// again. `nil` where the scan cannot stand for `decode(_:from:)`'s own (a subclass that may
    /// decode otherwise, input it reads in another encoding, or with other settings than the
    /// scanner's).
    func decodeScanned<T: Decodable>(
        _ type: T.Type, bytes: [UInt8], scanner: inout PartialScanner,
        report: UnsafeMutablePointer<LenientDecodingReport>?
    ) throws -> T? {
        guard Swift.type(of: self) == LenientJSONDecoder.self, scanner.isDone, scanner.bomMatched == 0,
            bytes.count <= EntryBuffer.maxBytes
        else { return nil }
        let first = { (index: Int) in index < bytes.count ? bytes[index] : nil }
        guard InputEncoding.detect(first(0), first(1), first(2), first(3)) == (.utf8, 0) else { return nil }
        let options = snapshot()
        guard !options.allowsJSON5 && !options.assumesTopLevelDictionary else { return nil }
        return try reporting(into: report) { collector in
            do {
                return try bytes.withUnsafeBufferPointer { buffer in
                    try scanner.withMap(of: buffer, strings: .complete) { map in
                        try withScannedMap(map, report: collector, options: options, partial: nil) { impl in
                            try impl.unwrap(0, as: type, parent: .root, key: nil)
                        }
                    }
                }
            } catch let error as DecodingError {
                throw failure(error) {
                    try withDocument(Data(bytes)) {
                        $0.collectProblems(of: type, at: 0, parent: .root, firstError: error)
                    }
                }
            }
        }
    }
}
