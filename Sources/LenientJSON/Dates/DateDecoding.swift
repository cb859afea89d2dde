import Foundation

/// Decoding `Date` by the decoder's `dateDecodingStrategy`, exactly as `JSONDecoder` does;
/// where that fails, the fallbacks of `DateFallbacks.swift` (through the coercion entry point).
extension DecoderImpl {
    func unwrapDate(_ entry: Int, parent: CodingPathNode, key: (any CodingKey)?) throws -> Date {
        let kind = map.kind(entry)
        if kind == .date { return map.dates[map.offset(entry)] }
        if kind == .null {
            return try fallback(entry, as: Date.self, parent: parent, key: key, strictError: mismatch(entry, Date.self, parent, key))
        }
        switch options.dateDecodingStrategy {
        case .custom(let closure):
            return try with(entry: entry, path: parent.appending(key)) { try closure(self) }
        case .iso8601:
            guard kind == .string else { break }
            let string = try stringValue(entry, path: parent, key: key)
            if let date = try? Date.ISO8601FormatStyle().parse(string) { return date }
            return try fallback(entry, as: Date.self, parent: parent, key: key, strictError: DecodingErrors.dataCorrupted(
                "Expected date string to be ISO8601-formatted", path: parent.path(appending: key), map: map, entry: entry))
        #if canImport(Darwin)
        case .formatted(let formatter):
            guard kind == .string else { break }
            let string = try stringValue(entry, path: parent, key: key)
            if let date = formatter.date(from: string) { return date }
            return try fallback(entry, as: Date.self, parent: parent, key: key, strictError: DecodingErrors.dataCorrupted(
                "Date string does not match format expected by formatter", path: parent.path(appending: key), map: map, entry: entry))
        #endif
        default:
            guard kind == .number || coercions.isEmpty else { break }
            return try strictNumericDate(entry, parent: parent, key: key)
        }
        // The strategy cannot read this kind of value: JSONDecoder's error, unless a fallback applies.
        do {
            return try strictNumericDateOrString(entry, parent: parent, key: key)
        } catch let error as DecodingError {
            return try fallback(entry, as: Date.self, parent: parent, key: key, strictError: error)
        }
    }

    /// The strategies that read a number (`deferredToDate`, seconds, milliseconds).
    private func strictNumericDate(_ entry: Int, parent: CodingPathNode, key: (any CodingKey)?) throws -> Date {
        switch options.dateDecodingStrategy {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloatingPoint(entry, as: Double.self, parent: parent, key: key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloatingPoint(entry, as: Double.self, parent: parent, key: key) / 1000)
        default:
            return try with(entry: entry, path: parent.appending(key)) { try Date(from: self) }
        }
    }

    /// The strict reading of a value of the wrong kind, which throws JSONDecoder's error.
    private func strictNumericDateOrString(_ entry: Int, parent: CodingPathNode, key: (any CodingKey)?) throws -> Date {
        switch options.dateDecodingStrategy {
        case .iso8601:
            throw mismatch(entry, String.self, parent, key)
        default:
            #if canImport(Darwin)
            if case .formatted = options.dateDecodingStrategy { throw mismatch(entry, String.self, parent, key) }
            #endif
            guard map.kind(entry) == .number else { throw mismatch(entry, Double.self, parent, key) }
            return try strictNumericDate(entry, parent: parent, key: key)
        }
    }
}
