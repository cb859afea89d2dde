import Foundation

/// A date read from text by one of the fallback readers: the instant, and whether the text
/// named its zone (a date without one is read in UTC, and the report says so).
///
/// The fields are checked here, once for every reader: a month of 1…12, a day that exists in
/// that month, hours below 24, minutes below 60 and seconds up to 60 (a leap second).
struct ParsedDate {
    let date: Date
    /// `false` when the text gave no zone and UTC was assumed.
    let hasZone: Bool

    /// The instant of a proleptic Gregorian date and time at `offset` seconds east of UTC
    /// (`nil`: no zone given, UTC assumed); `nil` when a field is out of range. `24:00:00` is
    /// the end of the day (the next midnight), as ISO 8601 allows.
    init?(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, fraction: Double = 0,
        offset: Int?
    ) {
        let endOfDay = hour == 24 && minute == 0 && second == 0 && fraction == 0
        guard (1...12).contains(month), (1...Self.daysIn(month, of: year)).contains(day),
            (0..<24).contains(hour) || endOfDay, (0..<60).contains(minute), (0...60).contains(second)
        else { return nil }
        let seconds =
            Self.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
            - (offset ?? 0)
        date = Date(timeIntervalSince1970: Double(seconds) + fraction)
        hasZone = offset != nil
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date, counted in 400-year eras
    /// whose years start in March (so that the leap day ends a year).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
