import Foundation

/// Decoding `Date` by the decoder's `dateDecodingStrategy`, exactly as `JSONDecoder` does;
/// where that fails, the fallbacks of `DateFallbacks.swift`.
extension DecoderImpl {
    func unwrapDate(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> Date {
        let kind = map.kind(entry)
        if kind == .date { return map.dates[map.offset(entry)] }
        if kind == .null {
            return try fallback(
                entry, as: Date.self, parent: parent, key: key, strictError: mismatch(entry, Date.self, parent, key))
        }
        let strategy = options.dateDecodingStrategy
        switch strategy {
        case .custom(let closure):
            return try customDate(closure, entry, parent: parent, key: key)
        case .iso8601:
            if kind == .string,
                let date = try? Date.ISO8601FormatStyle().parse(try stringValue(entry, path: parent, key: key))
            {
                return date
            }
        #if canImport(Darwin)
            case .formatted(let formatter):
                if kind == .string, let date = formatter.date(from: try stringValue(entry, path: parent, key: key)) {
                    return date
                }
        #endif
        default:
            // .deferredToDate, .secondsSince1970, .millisecondsSince1970: numbers.
            if kind == .number { return try numericDate(entry, parent: parent, key: key) }
        }
        return try dateFallback(entry, reading: DateReading(strategy), parent: parent, key: key)
    }

    /// A number read by the strategies that read numbers, as `JSONDecoder` reads it.
    private func numericDate(_ entry: Int, parent: CodingPathNode, key: ChildKey) throws -> Date {
        switch options.dateDecodingStrategy {
        case .secondsSince1970:
            return Date(
                timeIntervalSince1970: try unwrapFloatingPoint(entry, as: Double.self, parent: parent, key: key))
        case .millisecondsSince1970:
            return Date(
                timeIntervalSince1970: try unwrapFloatingPoint(entry, as: Double.self, parent: parent, key: key) / 1000)
        default:
            return try with(entry: entry, path: parent.appending(key)) { try Date(from: self) }
        }
    }

    /// A `.custom` strategy: the closure's value or error, with no fallback, except for
    /// Foundation's own `.formatted(_:)`, which outside Darwin is a `.custom` closure that
    /// throws `dataCorrupted` "Date string does not match format expected by formatter." at
    /// the date's path: that error is read as the `.formatted` strategy failing, and the
    /// fallbacks follow (without the events of the abandoned attempt).
    private func customDate(
        _ closure: (any Decoder) throws -> Date, _ entry: Int, parent: CodingPathNode, key: ChildKey
    ) throws -> Date {
        #if canImport(Darwin)
            return try with(entry: entry, path: parent.appending(key)) { try closure(self) }
        #else
            let start = checkpoint()
            do {
                return try with(entry: entry, path: parent.appending(key)) { try closure(self) }
            } catch let error as DecodingError where Self.isFormatterMismatch(error, at: parent.path(appending: key)) {
                rollBack(to: start)
                return try dateFallback(entry, reading: .formatter(pattern: nil), parent: parent, key: key)
            }
        #endif
    }

    /// Whether `error` is the one Foundation's `.formatted(_:)` closure throws at `path`.
    static func isFormatterMismatch(_ error: DecodingError, at path: [any CodingKey]) -> Bool {
        guard case .dataCorrupted(let context) = error,
            context.debugDescription == "Date string does not match format expected by formatter.",
            context.codingPath.count == path.count
        else { return false }
        return zip(context.codingPath, path).allSatisfy {
            $0.stringValue == $1.stringValue && $0.intValue == $1.intValue
        }
    }
}
