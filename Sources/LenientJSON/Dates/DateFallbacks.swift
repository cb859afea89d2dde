import Foundation

/// What lenient decoding tries, in order, where the `dateDecodingStrategy` failed (never
/// for `.custom`): numeric strings read as the strategy reads numbers; numbers as Unix
/// seconds when the strategy reads strings; ISO 8601 variants; then each of `dateFormats`.
extension DecoderImpl {
    func coerceDate(_ entry: Int, parent: CodingPathNode, key: (any CodingKey)?) throws -> Date? {
        guard coercions.contains(.dateFallbacks) else { return nil }
        let strategy = options.dateDecodingStrategy
        if case .custom = strategy { return nil }
        switch map.kind(entry) {
        case .number:
            guard !Self.readsNumbers(strategy), let shape = NumberParsing.shape(of: map.text(entry)),
                  let seconds = NumberParsing.floatingPoint(map.text(entry), shape: shape, as: Double.self) else { return nil }
            return Date(timeIntervalSince1970: seconds)
        case .string:
            let string = try stringValue(entry, path: parent, key: key).trimmingCharacters(in: .whitespacesAndNewlines)
            if Self.readsNumbers(strategy), let number = NumericText(string),
               let value = number.withText({ NumberParsing.floatingPoint($0, shape: number.shape, as: Double.self) }) {
                switch strategy {
                case .secondsSince1970: return Date(timeIntervalSince1970: value)
                case .millisecondsSince1970: return Date(timeIntervalSince1970: value / 1000)
                default: return Date(timeIntervalSinceReferenceDate: value)
                }
            }
            if let date = ISO8601Parsing.date(from: string) { return date }
            for formatter in options.dateFormatters {
                if let date = formatter.date(from: string) { return date }
            }
            return nil
        default:
            return nil
        }
    }

    static func readsNumbers(_ strategy: JSONDecoder.DateDecodingStrategy) -> Bool {
        switch strategy {
        case .deferredToDate, .secondsSince1970, .millisecondsSince1970: return true
        default: return false
        }
    }
}

/// `dateFormats`, each built once into a formatter (`en_US_POSIX`, UTC unless the pattern
/// has a zone) and used under a lock, so one decoder is safe across threads.
final class DateFormatterBox: @unchecked Sendable {
    private let formatter: DateFormatter
    private let lock = NSLock()

    init(pattern: String) {
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
    }

    func date(from string: String) -> Date? {
        lock.withLock { formatter.date(from: string) }
    }
}
