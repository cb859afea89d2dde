import Foundation

extension DecodingErrors {
    /// `error`, thrown by the closure registered for `type` while it built the value at
    /// `entry`: its case and underlying error kept, its coding path put after the value's
    /// `path`, and its message naming the type, the JSON path and the position.
    static func fromClosure(_ error: DecodingError, type: Any.Type, path: [any CodingKey], map: ValueMap, entry: Int)
        -> DecodingError
    {
        /// `marked`: a `dataCorrupted` message written here is told by ``DescribedByDecoder``.
        func context(_ inner: DecodingError.Context, marked: Bool = false) -> DecodingError.Context {
            let fullPath = path + inner.codingPath
            var message = "The closure registered for \(typeName(type)) failed at \(JSONPath.string(for: fullPath))"
            if let location = location(map, entry) { message += " (\(location.description))" }
            message += ": " + inner.debugDescription
            // The closure's own error from this decoder ends in its own excerpt (ErrorExcerptTests).
            if !isDescribed(inner) { message += ErrorExcerpt.lines(for: entry, in: map) }
            return .init(
                codingPath: fullPath, debugDescription: message,
                underlyingError: inner.underlyingError ?? (marked ? DescribedByDecoder() : nil))
        }
        switch error {
        case .typeMismatch(let expected, let inner): return .typeMismatch(expected, context(inner))
        case .valueNotFound(let expected, let inner): return .valueNotFound(expected, context(inner))
        case .keyNotFound(let key, let inner): return .keyNotFound(key, context(inner))
        case .dataCorrupted(let inner): return .dataCorrupted(context(inner, marked: true))
        @unknown default: return error
        }
    }
}
