import Foundation

/// Where a document decoded on its own sits inside a larger stream: the coding path of its
/// value (`[Index 41]`) and the line and column of its first byte, so that its errors and
/// report events name their place in the whole stream (`$[41].user.id`, line 1042).
struct DocumentOrigin {
    var path: [any CodingKey]
    var location: SourceLocation
}

extension LenientJSONDecoder {
    /// Decodes one element of a stream from its bytes, as element `index` of a top-level array
    /// is decoded in a whole-document decode: with the settings read when the stream started,
    /// at path `$[index]`, its lines and columns counted from `location`. Under `.recover` an
    /// element that cannot be decoded is dropped (`nil`) and reported, as in an array.
    ///
    /// The bytes are borrowed for the decode only: the value map copies them if an error or a
    /// kept decoder outlives it. `dispatch` carries what the decodes learned about the model's
    /// types from one element to the next, as one whole-document decode keeps it.
    func decodeStreamElement<T: Decodable>(
        _ type: T.Type, bytes: UnsafeRawBufferPointer, index: Int, location: SourceLocation,
        options: DecodingOptions, report: ReportCollector?, dispatch: inout TypeDispatchCache
    ) throws -> T? {
        guard let base = bytes.baseAddress else { return nil }
        // Safe: the decode only reads the bytes and copies them if anything outlives it; it buys no copy per element.
        let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
        let origin = DocumentOrigin(path: [IndexKey(index)], location: location)
        return try withDocument(data, report: report, options: options, origin: origin) { impl in
            impl.dispatchCache.pointee = dispatch
            defer { dispatch = impl.dispatchCache.pointee }
            return try impl.element(0, as: type, parent: .root, key: IndexKey(index))
        }
    }
}
