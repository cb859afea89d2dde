import Foundation

/// What lenient decoding tries, in order, where the `dateDecodingStrategy` failed (never for
/// `.custom`): numeric strings read as the strategy reads numbers; numbers and numeric strings
/// as Unix seconds when the strategy reads strings (milliseconds from 10^11, microseconds from
/// 10^14: no date in seconds lies that far; a numeric string that one of `dateFormats` reads
/// is that format's date); ISO 8601 / RFC 3339 variants; RFC 2822 / HTTP dates;
/// `yyyy/MM/dd`; then each of `dateFormats`. Each success is reported as `coerced`, naming
/// the form used and whether UTC was assumed.
extension DecoderImpl {
    /// The date of the first fallback that reads `entry`, or the error `JSONDecoder` throws
    /// for the strategy (naming `Date`, the value found and the forms tried).
    func dateFallback(_ entry: Int, reading: DateReading, parent: CodingPathNode, key: ChildKey) throws -> Date {
        let fallbacks = coercions.contains(.dateFallbacks) && !Self.isCustom(reading)
        if fallbacks, let read = try fallbackDate(entry, reading: reading, parent: parent, key: key) {
            try recordLeniency(
                .coerced, read.rule, entry: entry, parent: parent, key: key, type: Date.self,
                .text(
                    "Coerced \(DecodingErrors.found(self.map, entry)) to Date \(read.date) (read as \(read.form)"
                        + (read.hasZone ? ")." : "; no zone given, UTC assumed).")))
            return read.date
        }
        // The rules every scalar shares (a one-element array in `.permissive`), else the error
        // JSONDecoder throws: `dataCorrupted` for a string a string strategy cannot read, else
        // `typeMismatch` naming what the strategy reads.
        let wrongKind = map.kind(entry) != (reading.readsNumbers ? .number : .string)
        return try fallback(
            entry, as: Date.self, parent: parent, key: key,
            strictError: DecodingErrors.dateNotRead(
                mismatching: wrongKind ? reading.expectedKind : nil,
                tried: triedForms(entry, reading: reading, fallbacks: fallbacks),
                path: parent.path(appending: key), map: map, entry: entry, describes: mode.describesErrors))
    }

    /// The first fallback's date, the form that read it, and whether the text named its zone.
    private func fallbackDate(_ entry: Int, reading: DateReading, parent: CodingPathNode, key: ChildKey) throws
        -> (date: Date, form: String, hasZone: Bool, rule: RuleCode)?
    {
        switch map.kind(entry) {
        case .number:
            guard !reading.readsNumbers, let value = numberValue(entry) else { return nil }
            return Self.unixDate(value).map { ($0.date, $0.form, true, $0.rule) }
        case .string:
            guard let string = try coercibleText(entry, parent: parent, key: key) else { return nil }
            if let number = NumericText(string),
                let value = number.withText({ NumberParsing.floatingPoint($0, shape: number.shape, as: Double.self) })
            {
                if reading.readsNumbers {
                    return (
                        reading.date(fromNumber: value), "a numeric string, as \(reading.name) reads numbers", true,
                        .dateFromNumericString
                    )
                }
                // A strategy that reads strings: a Unix time in a string (Mastodon's
                // "1740308876.000000"), as a number there would be read, unless one of
                // `dateFormats` reads the digits ("yyyyMMdd"): the user's own patterns win.
                if let date = formattedDate(string) { return date }
                if let unix = Self.unixDate(value) {
                    return (unix.date, "a numeric string, as " + unix.form, true, unix.rule)
                }
            }
            if let parsed = ISO8601Parsing.date(from: string) {
                return (parsed.date, "ISO 8601", parsed.hasZone, .dateIso8601)
            }
            if let parsed = RFC2822Parsing.date(from: string) {
                return (parsed.date, "RFC 2822", parsed.hasZone, .dateRfc2822)
            }
            if let parsed = SlashDateParsing.date(from: string) {
                return (parsed.date, "yyyy/MM/dd", parsed.hasZone, .dateSlashed)
            }
            return formattedDate(string)
        default:
            return nil
        }
    }

    /// The date of the first of `dateFormats` that reads `string`.
    private func formattedDate(_ string: String) -> (date: Date, form: String, hasZone: Bool, rule: RuleCode)? {
        for formatter in options.dateFormatters {
            if let date = formatter.date(from: string) {
                return (date, "the date format \"\(formatter.pattern)\"", true, .dateFormat)
            }
        }
        return nil
    }

    /// A number of a strategy that reads strings as a Unix time: seconds, milliseconds from
    /// 10^11 on and microseconds from 10^14 on, by magnitude (no date in seconds lies that far:
    /// 10^11 seconds is the year 5138), negative numbers alike.
    static func unixDate(_ value: Double) -> (date: Date, form: String, rule: RuleCode)? {
        guard value.isFinite else { return nil }
        if value.magnitude >= 1e14 {
            return (Date(timeIntervalSince1970: value / 1_000_000), "Unix microseconds", .dateUnixMicroseconds)
        }
        if value.magnitude >= 1e11 {
            return (Date(timeIntervalSince1970: value / 1000), "Unix milliseconds", .dateUnixMilliseconds)
        }
        return (Date(timeIntervalSince1970: value), "Unix seconds", .dateUnixSeconds)
    }

    /// The number at `entry` as `JSONDecoder` reads it into a `Double`.
    private func numberValue(_ entry: Int) -> Double? {
        if let value = strictFloatingPoint(entry, as: Double.self) { return value }
        guard map.isJSON5 else { return nil }
        return JSON5Number(map.text(entry))?.floatingPoint(as: Double.self)
    }

    /// What was tried for `entry`, in order: the strategy, then the fallbacks that apply to
    /// its kind of value.
    private func triedForms(_ entry: Int, reading: DateReading, fallbacks: Bool) -> [String] {
        var forms = [reading.name]
        guard fallbacks else { return forms }
        switch map.kind(entry) {
        case .number where !reading.readsNumbers:
            forms.append("Unix seconds")
        case .string:
            forms += ["ISO 8601", "RFC 2822", "yyyy/MM/dd"]
            forms += options.dateFormatters.map { "\"\($0.pattern)\"" }
        default:
            break
        }
        return forms
    }

    private static func isCustom(_ reading: DateReading) -> Bool {
        if case .custom = reading { return true }
        return false
    }
}
