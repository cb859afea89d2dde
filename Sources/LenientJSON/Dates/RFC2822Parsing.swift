import Foundation

/// RFC 2822 (e-mail) and HTTP (RFC 9110 IMF-fixdate) dates, read by fixed rules in English
/// whatever the process locale: `Tue, 01 Mar 2024 10:00:00 +0000`, `… GMT`, the weekday
/// optional (and not checked against the date, as many writers get it wrong), seconds
/// optional, the zone as `+hhmm`, `GMT`, `UT`, `UTC`, `Z` or a North American abbreviation
/// (`EST`, `PDT`…), or absent (UTC assumed).
enum RFC2822Parsing {
    private static let weekdays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    /// Zone names RFC 2822 defines, in seconds east of UTC.
    private static let zones: [String: Int] = [
        "gmt": 0, "ut": 0, "utc": 0, "z": 0,
        "est": -5 * 3600, "edt": -4 * 3600, "cst": -6 * 3600, "cdt": -5 * 3600,
        "mst": -7 * 3600, "mdt": -6 * 3600, "pst": -8 * 3600, "pdt": -7 * 3600,
    ]

    static func date(from string: String) -> ParsedDate? {
        var text = DateTextCursor(string)
        if text.current.map({ !NumberParsing.isDigit($0) }) ?? false {
            guard weekdays.contains(text.word()), text.skip(UInt8(ascii: ",")) else { return nil }
            text.skipBlanks()
        }
        guard let day = text.digits(1...2), text.skipBlanks(),
            let month = months.firstIndex(of: text.word()), text.skipBlanks(),
            let year = text.digits(4), text.skipBlanks(),
            let hour = text.digits(2), text.skip(UInt8(ascii: ":")), let minute = text.digits(2)
        else { return nil }
        var second = 0
        if text.skip(UInt8(ascii: ":")) {
            guard let s = text.digits(2) else { return nil }
            second = s
        }
        var offset: Int?
        if text.skipBlanks(), !text.atEnd {
            if let numeric = text.numericOffset(isoForms: false) {
                offset = numeric
            } else {
                guard let named = zones[text.word()] else { return nil }
                offset = named
            }
            text.skipBlanks()
        }
        guard text.atEnd else { return nil }
        return ParsedDate(
            year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }
}
