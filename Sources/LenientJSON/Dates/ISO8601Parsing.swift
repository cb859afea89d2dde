import Foundation

/// A forgiving ISO 8601 / RFC 3339 reader: `2016-01-17`, `2016-01-17T16:13`,
/// `2016-01-17 16:13:00.123`, with `T`, `t` or a space between date and time, and a zone of
/// `Z`, `+hh:mm`, `+hhmm`, `+hh` or none (UTC).
enum ISO8601Parsing {
    static func date(from string: String) -> Date? {
        let s = Array(string.utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= s.count else { return nil }
            var value = 0
            for k in 0 ..< digits {
                guard NumberParsing.isDigit(s[i + k]) else { return nil }
                value = value * 10 + Int(s[i + k] - UInt8(ascii: "0"))
            }
            i += digits
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard i < s.count, s[i] == byte else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), (1 ... 12).contains(month), (1 ... daysIn(month, year)).contains(day) else { return nil }
        var seconds = Double(daysFromCivil(year, month, day)) * 86_400
        if i == s.count { return Date(timeIntervalSince1970: seconds) }
        guard s[i] == UInt8(ascii: "T") || s[i] == UInt8(ascii: "t") || s[i] == UInt8(ascii: " ") else { return nil }
        i += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), hour < 24, minute < 60 else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if expect(UInt8(ascii: ":")) {
            guard let second = number(2), second <= 60 else { return nil }
            seconds += Double(second)
            if i < s.count, s[i] == UInt8(ascii: ".") || s[i] == UInt8(ascii: ",") {
                i += 1
                var scale = 0.1
                var fraction = 0.0
                let start = i
                while i < s.count, NumberParsing.isDigit(s[i]) {
                    fraction += Double(s[i] - UInt8(ascii: "0")) * scale
                    scale /= 10
                    i += 1
                }
                guard i > start else { return nil }
                seconds += fraction
            }
        }
        if i == s.count { return Date(timeIntervalSince1970: seconds) }
        if s[i] == UInt8(ascii: "Z") || s[i] == UInt8(ascii: "z") {
            i += 1
        } else if s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") {
            let sign = s[i] == UInt8(ascii: "-") ? -1.0 : 1.0
            i += 1
            guard let zoneHours = number(2), zoneHours < 24 else { return nil }
            var zoneMinutes = 0
            if i < s.count {
                _ = expect(UInt8(ascii: ":"))
                guard let m = number(2), m < 60 else { return nil }
                zoneMinutes = m
            }
            seconds -= sign * Double(zoneHours * 3600 + zoneMinutes * 60)
        } else {
            return nil
        }
        return i == s.count ? Date(timeIntervalSince1970: seconds) : nil
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        var days = 0
        if year >= 1970 {
            for y in 1970 ..< year { days += isLeap(y) ? 366 : 365 }
        } else {
            for y in year ..< 1970 { days -= isLeap(y) ? 366 : 365 }
        }
        for m in 1 ..< month { days += daysIn(m, year) }
        return days + day - 1
    }
}
