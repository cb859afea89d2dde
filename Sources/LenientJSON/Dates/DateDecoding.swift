import Foundation

/// Decoding `Date` by the decoder's `dateDecodingStrategy`, exactly as `JSONDecoder` does.
extension DecoderImpl {
    func unwrapDate(_ entry: Int, parent: CodingPathNode, key: (any CodingKey)?) throws -> Date {
        let kind = map.kind(entry)
        if kind == .date { return map.dates[map.offset(entry)] }
        if kind == .null {
            return try fallback(entry, as: Date.self, parent: parent, key: key, strictError: mismatch(entry, Date.self, parent, key))
        }
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return try with(entry: entry, path: parent.appending(key)) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloatingPoint(entry, as: Double.self, parent: parent, key: key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try unwrapFloatingPoint(entry, as: Double.self, parent: parent, key: key) / 1000)
        case .iso8601:
            let string = try unwrapString(entry, parent: parent, key: key)
            guard let date = try? Date.ISO8601FormatStyle().parse(string) else {
                return try fallback(entry, as: Date.self, parent: parent, key: key, strictError: DecodingErrors.dataCorrupted(
                    "Expected date string to be ISO8601-formatted", path: parent.path(appending: key), map: map, entry: entry))
            }
            return date
        #if canImport(Darwin)
        case .formatted(let formatter):
            let string = try unwrapString(entry, parent: parent, key: key)
            guard let date = formatter.date(from: string) else {
                return try fallback(entry, as: Date.self, parent: parent, key: key, strictError: DecodingErrors.dataCorrupted(
                    "Date string does not match format expected by formatter", path: parent.path(appending: key), map: map, entry: entry))
            }
            return date
        #endif
        case .custom(let closure):
            return try with(entry: entry, path: parent.appending(key)) { try closure(self) }
        @unknown default:
            return try with(entry: entry, path: parent.appending(key)) { try Date(from: self) }
        }
    }
}
