import Foundation

/// One of `dateFormats`, built once into a formatter (`en_US_POSIX`, UTC unless the pattern
/// has a zone) and used under a lock, so one decoder is safe across threads.
/// `@unchecked Sendable` is sound: `DateFormatter` is not `Sendable`, and it is only used while
/// holding the box's lock; `pattern` is immutable.
final class DateFormatterBox: @unchecked Sendable {
    /// The pattern, as errors and report events name it.
    let pattern: String
    private let formatter: DateFormatter
    private let lock = NSLock()

    init(pattern: String) {
        self.pattern = pattern
        formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
    }

    func date(from string: String) -> Date? {
        lock.withLock { formatter.date(from: string) }
    }
}
