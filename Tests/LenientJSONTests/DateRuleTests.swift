// The DateDecoding article: the inherited `dateDecodingStrategy` first, exactly as JSONDecoder reads it;
// only where it fails (and it is not `.custom`), the fallbacks in order. Every row is decoded
// through `Data` and through `decode(_:fromJSONObject:)` (the `JSONSerialization` tree of the
// same text), under `.strict` (against Foundation's `JSONDecoder`: same value or same error
// case), `.lenient` and `.permissive`.
//
// Expected instants are epoch seconds written from the spec (or computed by a UTC Gregorian
// calendar), never from a run of LenientJSON, so no row depends on the machine's time zone or
// locale.

import Foundation
import LenientJSON
import Testing

// MARK: - Suite

@Suite("Dates")
struct DateRuleTests {
    @Test("The strategy's own reading wins wherever JSONDecoder succeeds", arguments: DateRows.strategyFirst)
    func strategyFirst(_ row: DateRow) { row.check() }

    @Test(".formatted: the formatter first, then the fallbacks, on every platform", arguments: DateRows.formatted)
    func formattedStrategy(_ row: DateRow) { row.check() }

    @Test("Numeric strings as the strategy reads numbers", arguments: DateRows.numericStrings)
    func numericStrings(_ row: DateRow) { row.check() }

    @Test(
        "Numbers as Unix seconds under a string strategy; milliseconds from 10^11, microseconds from 10^14",
        arguments: DateRows.numbersUnderStringStrategies)
    func numbersUnderStringStrategies(_ row: DateRow) { row.check() }

    @Test("ISO 8601 / RFC 3339 variants; no zone is UTC, said in the event", arguments: DateRows.iso8601Variants)
    func iso8601Variants(_ row: DateRow) { row.check() }

    @Test("RFC 2822 / HTTP dates, fixed English parsing", arguments: DateRows.rfc2822)
    func rfc2822(_ row: DateRow) { row.check() }

    @Test("yyyy/MM/dd", arguments: DateRows.slashDates)
    func slashDates(_ row: DateRow) { row.check() }

    @Test("dateFormats, in order, after every built-in form", arguments: DateRows.dateFormats)
    func dateFormats(_ row: DateRow) { row.check() }

    @Test(".custom gets no fallback", arguments: DateRows.custom)
    func customHasNoFallback(_ row: DateRow) { row.check() }

    @Test("What no reading accepts fails with JSONDecoder's case", arguments: DateRows.unreadable)
    func unreadable(_ row: DateRow) { row.check() }

    @Test(
        "The error names Date, the path, line and column, the text found and the forms tried",
        arguments: DateRows.messages)
    func errorMessage(_ row: DateMessageRow) { row.check() }

    @Test("Without the dateFallbacks coercion, a date fails as in JSONDecoder", arguments: DateStrategy.all)
    func fallbacksFlagOff(_ strategy: DateStrategy) {
        var policy = LenientPolicy.lenient
        policy.coercions.remove(.dateFallbacks)
        let data = Data(#"{"v":"Tue, 01 Mar 2024 10:00:00 GMT"}"#.utf8)
        let reference = JSONDecoder()
        strategy.apply(to: reference)
        let decoder = LenientJSONDecoder(policy: policy)
        strategy.apply(to: decoder)
        let foundation = DateCase(Result { try reference.decode(DateBox<Date>.self, from: data) })
        let lenient = DateCase(Result { try decoder.decode(DateBox<Date>.self, from: data) })
        #expect(foundation != .value && foundation == lenient, "JSONDecoder \(foundation), without the flag \(lenient)")
    }

    @Test("An Optional date no reading accepts is nil in .lenient, reported", arguments: [DateInput.data, .tree])
    func optionalRecoversToNil(_ input: DateInput) throws {
        var report = LenientDecodingReport()
        let value = try input.decode(DateBox<Date?>.self, #"{"v":"yesterday"}"#, LenientJSONDecoder(), report: &report)
        #expect(value.v == nil)
        #expect(report.events.map(\.kind) == [.recoveredAsNil], "\(report.events)")
        let read = try input.decode(DateBox<Date?>.self, #"{"v":"2024/03/01"}"#, LenientJSONDecoder(), report: &report)
        #expect(read.v == Date(timeIntervalSince1970: DateRows.march1st2024))
    }

    @Test("A Date in a JSON object tree stays itself, whatever the strategy and policy", arguments: DateStrategy.all)
    func dateInTheTree(_ strategy: DateStrategy) throws {
        let date = Date(timeIntervalSince1970: 1_453_075_980.25)
        for policy in [LenientPolicy.strict, .lenient, .permissive] {
            let decoder = LenientJSONDecoder(policy: policy)
            strategy.apply(to: decoder)
            var report = LenientDecodingReport()
            #expect(try decoder.decode(DateBox<Date>.self, fromJSONObject: ["v": date], report: &report).v == date)
            #expect(try decoder.decode([Date].self, fromJSONObject: [date, date]) == [date, date])
            #expect(try decoder.decode(Date.self, fromJSONObject: date) == date)
            #expect(report.events.isEmpty, "\(report.events)")
        }
    }
}

// MARK: - Rows

enum DateRows {
    /// 2016-01-17T16:13:00Z (= 2016-01-17T16:13:00-08:00 minus eight hours).
    static let instant = 1_453_047_180.0
    /// 2016-01-17T16:13:00-08:00, the DateDecoding article's example date.
    static let pacific = 1_453_075_980.0
    /// 2016-01-17T00:00:00Z.
    static let january17th = 1_452_988_800.0
    /// 2024-03-01T00:00:00Z.
    static let march1st2024 = 1_709_251_200.0
    /// 2024-03-01T10:00:00Z.
    static let rfcInstant = 1_709_287_200.0
    /// Seconds between 1970 and 2001.
    static let since2001 = 978_307_200.0

    static let strategyFirst: [DateRow] = [
        // .deferredToDate numbers keep JSONDecoder's meaning, seconds since 2001.
        DateRow("1453075980", .deferredToDate, .strategy(pacific + since2001)),
        DateRow("0", .deferredToDate, .strategy(since2001)),
        // Numeric strategies read numbers as they say, however large (no milliseconds guess).
        DateRow("1453075980", .secondsSince1970, .strategy(pacific)),
        DateRow("1453075980000", .secondsSince1970, .strategy(pacific * 1000)),
        DateRow("1453075980000", .millisecondsSince1970, .strategy(pacific)),
        DateRow("1453075980", .millisecondsSince1970, .strategy(1_453_075.98)),
        DateRow("1453075980000000", .deferredToDate, .strategy(pacific * 1_000_000 + since2001)),
        DateRow(#""2016-01-17T16:13:00Z""#, .iso8601, .strategy(instant)),
        DateRow(#""2016-01-17T16:13:00-08:00""#, .iso8601, .strategy(pacific)),
        // Whatever .iso8601 itself makes of a string it accepts is kept (parity).
        DateRow(#""2016-01-17T16:13:00.250Z""#, .iso8601, .foundation),
        DateRow(#""2016-01-17T16:13:00-0800""#, .iso8601, .foundation),
        // A formatter in its own zone: the ISO 8601 fallback would read midnight UTC.
        DateRow(
            #""2016-01-17""#, .formatted("yyyy-MM-dd", zone: "America/Los_Angeles"), .strategy(january17th + 8 * 3600)),
        DateRow(#""2016""#, .formatted("yyyy", zone: "UTC"), .strategy(1_451_606_400)),
        // A custom closure's value stands, though a fallback would read the text otherwise.
        DateRow(#""2016-01-17T16:13:00Z""#, .custom, .strategy(42)),
        DateRow(#""epoch""#, .custom, .strategy(0)),
    ]

    static let formatted: [DateRow] = {
        let yyyy = DateStrategy.formatted("yyyy", zone: "UTC")
        let pacificDay = DateStrategy.formatted("yyyy-MM-dd", zone: "America/Los_Angeles")
        return [
            DateRow(#""2016-01-18T00:13:00Z""#, yyyy, .fallback(pacific, form: "ISO 8601")),
            DateRow(#""2016-01-17T16:13:00-0800""#, yyyy, .fallback(pacific, form: "ISO 8601")),
            DateRow(#""2016-01-17 16:13:00""#, yyyy, .fallback(instant, form: "ISO 8601", utcAssumed: true)),
            DateRow(#""Tue, 01 Mar 2024 10:00:00 GMT""#, yyyy, .fallback(rfcInstant, form: "RFC 2822")),
            DateRow(#""2024/03/01""#, yyyy, .fallback(march1st2024, form: "yyyy/MM/dd", utcAssumed: true)),
            DateRow("1453075980", yyyy, .fallback(pacific, form: "Unix seconds")),
            DateRow("1453075980000", pacificDay, .fallback(pacific, form: "Unix milliseconds")),
            DateRow(#""2016-01-17T16:13:00Z""#, pacificDay, .fallback(instant, form: "ISO 8601")),
            DateRow(
                #""11-08-1988""#, yyyy, formats: ["MM-dd-yyyy"], .fallback(utc(1988, 11, 8), form: "\"MM-dd-yyyy\"")),
            DateRow(#""yesterday""#, yyyy, .fails),
            DateRow("true", yyyy, .fails),
        ]
    }()

    static let numericStrings: [DateRow] = [
        DateRow(#""1000""#, .deferredToDate, .fallback(since2001 + 1000, form: "numeric string")),
        DateRow(#"" 1000.5 ""#, .deferredToDate, .fallback(since2001 + 1000.5, form: "numeric string")),
        DateRow(#""1453075980""#, .deferredToDate, .fallback(since2001 + pacific, form: "numeric string")),
        DateRow(#""1453075980""#, .secondsSince1970, .fallback(pacific, form: "numeric string")),
        DateRow(#""+1.45307598e9""#, .secondsSince1970, .fallback(pacific, form: "numeric string")),
        DateRow(#""1453075980000""#, .millisecondsSince1970, .fallback(pacific, form: "numeric string")),
        // As the strategy reads numbers: no milliseconds guess under .secondsSince1970.
        DateRow(#""1453075980000""#, .secondsSince1970, .fallback(pacific * 1000, form: "numeric string")),
        // Before the ISO 8601 variants and dateFormats.
        DateRow(
            #""20160117""#, .deferredToDate, formats: ["yyyyMMdd"],
            .fallback(since2001 + 20_160_117, form: "numeric string")),
        // A string strategy reads a numeric string as a Unix time (UnixTimeStringTests.swift).
        DateRow(#""1453075980""#, .iso8601, .fallback(pacific, form: "Unix seconds")),
        DateRow(#""1453075980""#, .formatted("yyyy-MM-dd", zone: "UTC"), .fallback(pacific, form: "Unix seconds")),
        DateRow(#""0x10""#, .secondsSince1970, .fails),
    ]

    static let numbersUnderStringStrategies: [DateRow] = {
        var rows: [DateRow] = []
        for strategy in [DateStrategy.iso8601, .formatted("yyyy-MM-dd", zone: "UTC")] {
            rows += [
                DateRow("1453075980", strategy, .fallback(pacific, form: "Unix seconds")),
                DateRow("1453075980.5", strategy, .fallback(pacific + 0.5, form: "Unix seconds")),
                DateRow("0", strategy, .fallback(0, form: "Unix seconds")),
                DateRow("-86400", strategy, .fallback(-86400, form: "Unix seconds")),
                DateRow("99999999999", strategy, .fallback(99_999_999_999, form: "Unix seconds")),
                DateRow("100000000000", strategy, .fallback(100_000_000, form: "Unix milliseconds")),
                DateRow("1453075980000", strategy, .fallback(pacific, form: "Unix milliseconds")),
                DateRow("1453075980250", strategy, .fallback(pacific + 0.25, form: "Unix milliseconds")),
                DateRow("1.45307598e12", strategy, .fallback(pacific, form: "Unix milliseconds")),
                DateRow("-1453075980000", strategy, .fallback(-pacific, form: "Unix milliseconds")),
                DateRow("99999999999999", strategy, .fallback(99_999_999_999.999, form: "Unix milliseconds")),
                DateRow("100000000000000", strategy, .fallback(100_000_000, form: "Unix microseconds")),
                DateRow("1453075980000000", strategy, .fallback(pacific, form: "Unix microseconds")),
                DateRow("1453075980250000", strategy, .fallback(pacific + 0.25, form: "Unix microseconds")),
            ]
        }
        return rows
    }()

    static let iso8601Variants: [DateRow] = {
        var rows: [DateRow] = []
        for strategy in [DateStrategy.deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601] {
            /// A form `.iso8601` itself reads: parity there, the fallback under the others.
            func alsoStrategy(_ json: String, _ seconds: Double) -> DateRow {
                DateRow(json, strategy, strategy == .iso8601 ? .foundation : .fallback(seconds, form: "ISO 8601"))
            }
            rows += [
                alsoStrategy(#""2016-01-17T16:13:00.5+01:00""#, instant - 3600 + 0.5),
                alsoStrategy(#""2016-01-17T16:13:00+0530""#, instant - 5.5 * 3600),
                alsoStrategy(#""2016-01-17T16:13:00+01""#, instant - 3600),
                alsoStrategy(#""1969-12-31T23:59:59Z""#, -1),
                alsoStrategy(#""1600-03-01T00:00:00Z""#, utc(1600, 3, 1)),
                alsoStrategy(#""2016-01-17T24:00:00Z""#, january17th + 86400),
                DateRow(#""2016-01-17T16:13:00""#, strategy, .fallback(instant, form: "ISO 8601", utcAssumed: true)),
                DateRow(#""2016-01-17T16:13""#, strategy, .fallback(instant, form: "ISO 8601", utcAssumed: true)),
                DateRow(#""2016-01-17t16:13:00z""#, strategy, .fallback(instant, form: "ISO 8601")),
                DateRow(#""2016-01-17 16:13:00Z""#, strategy, .fallback(instant, form: "ISO 8601")),
                DateRow(
                    #""2016-01-17 16:13:00.250""#, strategy,
                    .fallback(instant + 0.25, form: "ISO 8601", utcAssumed: true)),
                DateRow(#""2016-01-17 16:13:00,5-08:00""#, strategy, .fallback(pacific + 0.5, form: "ISO 8601")),
                DateRow(#""2016-01-17""#, strategy, .fallback(january17th, form: "ISO 8601", utcAssumed: true)),
                DateRow(#"" 2016-01-17T16:13:00Z ""#, strategy, .fallback(instant, form: "ISO 8601")),
                DateRow(#""2016-02-29""#, strategy, .fallback(utc(2016, 2, 29), form: "ISO 8601", utcAssumed: true)),
                DateRow(#""2016-13-17""#, strategy, .fails),
                DateRow(#""2015-02-29""#, strategy, .fails),
                // Foundation's .iso8601 reads these (rolling over, ignoring what follows): parity there.
                DateRow(#""2016-01-17T24:01:00Z""#, strategy, strategy == .iso8601 ? .foundation : .fails),
                DateRow(#""2016-01-17T16:13:00+2500""#, strategy, .fails),
                DateRow(#""2016-01-17T16:13:00Zjunk""#, strategy, strategy == .iso8601 ? .foundation : .fails),
            ]
        }
        // Under the numeric strategies JSONDecoder rejects every string: the fallback reads it.
        rows += [
            DateRow(#""2016-01-17T16:13:00-0800""#, .deferredToDate, .fallback(pacific, form: "ISO 8601")),
            DateRow(#""2016-01-17T16:13:00Z""#, .secondsSince1970, .fallback(instant, form: "ISO 8601")),
            DateRow(
                #""2016-01-17T16:13:00.250Z""#, .millisecondsSince1970, .fallback(instant + 0.25, form: "ISO 8601")),
        ]
        return rows
    }()

    static let rfc2822: [DateRow] = {
        var rows: [DateRow] = []
        for strategy in [DateStrategy.deferredToDate, .iso8601, .formatted("yyyy-MM-dd", zone: "UTC")] {
            rows += [
                // The weekday is not checked against the date (1 March 2024 was a Friday).
                DateRow(#""Tue, 01 Mar 2024 10:00:00 +0000""#, strategy, .fallback(rfcInstant, form: "RFC 2822")),
                DateRow(#""Fri, 01 Mar 2024 10:00:00 GMT""#, strategy, .fallback(rfcInstant, form: "RFC 2822")),
                DateRow(#""01 Mar 2024 10:00:00 GMT""#, strategy, .fallback(rfcInstant, form: "RFC 2822")),
                DateRow(#""1 mar 2024 10:00 UT""#, strategy, .fallback(rfcInstant, form: "RFC 2822")),
                DateRow(
                    #""Fri, 01 Mar 2024 10:00:00 -0500""#, strategy,
                    .fallback(rfcInstant + 5 * 3600, form: "RFC 2822")),
                DateRow(
                    #""Fri, 01 Mar 2024 10:00:00 +0130""#, strategy, .fallback(rfcInstant - 5400, form: "RFC 2822")),
                DateRow(
                    #""Fri, 01 Mar 2024 10:00:00 EST""#, strategy, .fallback(rfcInstant + 5 * 3600, form: "RFC 2822")),
                DateRow(
                    #""Fri, 01 Mar 2024 10:00:00 PDT""#, strategy, .fallback(rfcInstant + 7 * 3600, form: "RFC 2822")),
                DateRow(
                    #""Fri, 01 Mar 2024 10:00:00""#, strategy, .fallback(rfcInstant, form: "RFC 2822", utcAssumed: true)
                ),
                DateRow(#""Sun, 06 Nov 1994 08:49:37 GMT""#, strategy, .fallback(784_111_777, form: "RFC 2822")),
                DateRow(#""Fri, 30 Feb 2024 10:00:00 GMT""#, strategy, .fails),
                DateRow(#""Fry, 01 Mar 2024 10:00:00 GMT""#, strategy, .fails),
                DateRow(#""01 Mars 2024 10:00:00 GMT""#, strategy, .fails),
                DateRow(#""01 Mar 2024 10:00:00 XYZ""#, strategy, .fails),
                DateRow(#""01 Mar 2024""#, strategy, .fails),
            ]
        }
        return rows
    }()

    static let slashDates: [DateRow] = {
        var rows: [DateRow] = []
        for strategy in [DateStrategy.deferredToDate, .iso8601, .formatted("yyyy", zone: "UTC")] {
            rows += [
                DateRow(#""2024/03/01""#, strategy, .fallback(march1st2024, form: "yyyy/MM/dd", utcAssumed: true)),
                DateRow(#""2024/3/1""#, strategy, .fallback(march1st2024, form: "yyyy/MM/dd", utcAssumed: true)),
                DateRow(#""2024/02/30""#, strategy, .fails),
                DateRow(#""24/03/01""#, strategy, .fails),
                DateRow(#""2024/03/01 10:00""#, strategy, .fails),
            ]
        }
        // Before dateFormats.
        rows.append(
            DateRow(
                #""2024/03/01""#, .deferredToDate, formats: ["yyyy/dd/MM"],
                .fallback(march1st2024, form: "yyyy/MM/dd", utcAssumed: true)))
        return rows
    }()

    static let dateFormats: [DateRow] = [
        DateRow(
            #""11-08-1988""#, .deferredToDate, formats: ["MM-dd-yyyy"],
            .fallback(utc(1988, 11, 8), form: "\"MM-dd-yyyy\"")),
        DateRow(
            #""Nov 05 2012""#, .deferredToDate, formats: ["MMM dd yyyy"],
            .fallback(utc(2012, 11, 5), form: "\"MMM dd yyyy\"")),
        // In order: the first pattern that reads the string wins.
        DateRow(
            #""11-08-1988""#, .deferredToDate, formats: ["dd-MM-yyyy", "MM-dd-yyyy"],
            .fallback(utc(1988, 8, 11), form: "\"dd-MM-yyyy\"")),
        // (ICU reads a month name for `MM` too, so either pattern may be the one that reads it.)
        DateRow(
            #""Nov 05 2012""#, .deferredToDate, formats: ["MM-dd-yyyy", "MMM dd yyyy"],
            .fallback(utc(2012, 11, 5), form: "date format")),
        // After the ISO 8601 variants and RFC 2822.
        DateRow(
            #""2016-02-01""#, .deferredToDate, formats: ["yyyy-dd-MM"],
            .fallback(utc(2016, 2, 1), form: "ISO 8601", utcAssumed: true)),
        DateRow(
            #""01 Mar 2024 10:00:00 GMT""#, .deferredToDate, formats: ["dd MMM yyyy HH:mm:ss 'GMT'"],
            .fallback(rfcInstant, form: "RFC 2822")),
        // UTC unless the pattern has a zone.
        DateRow(
            #""2016/01/17 16:13 -0800""#, .deferredToDate, formats: ["yyyy/MM/dd HH:mm Z"],
            .fallback(pacific, form: "\"yyyy/MM/dd HH:mm Z\"")),
        DateRow(
            #""2016/01/17 16:13""#, .deferredToDate, formats: ["yyyy/MM/dd HH:mm"],
            .fallback(instant, form: "\"yyyy/MM/dd HH:mm\"")),
        DateRow(
            #""11-08-1988""#, .iso8601, formats: ["MM-dd-yyyy"], .fallback(utc(1988, 11, 8), form: "\"MM-dd-yyyy\"")),
        DateRow(#""11-08-1988""#, .deferredToDate, .fails),
        DateRow(#""11-08-1988""#, .deferredToDate, formats: ["MMM dd yyyy"], .fails),
    ]

    static let custom: [DateRow] = [
        DateRow(#""2016-01-17""#, .custom, .fails),
        DateRow(#""Tue, 01 Mar 2024 10:00:00 GMT""#, .custom, .fails),
        DateRow(#""2024/03/01""#, .custom, .fails),
        DateRow(#""11-08-1988""#, .custom, formats: ["MM-dd-yyyy"], .fails),
    ]

    static let unreadable: [DateRow] = {
        var rows: [DateRow] = []
        for strategy in DateStrategy.all where strategy != .custom {
            rows += [
                DateRow(#""yesterday""#, strategy, .fails),
                DateRow(#""""#, strategy, .fails),
                DateRow("true", strategy, .fails),
            ]
            // Outside Darwin `.formatted` is a `.custom` closure, whose own error (JSONDecoder's
            // case, a message naming String) an object or array gets.
            if case .formatted = strategy { continue }
            rows += [DateRow("{}", strategy, .fails), DateRow("[]", strategy, .fails)]
        }
        return rows
    }()

    /// A message document: the value at line 3, column 14.
    static let messageDocument = "{\n  \"id\": 1,\n  \"created\": \"yesterday\"\n}"

    static let messages: [DateMessageRow] = [
        DateMessageRow(.deferredToDate, mentions: ["seconds since 2001", "ISO 8601", "RFC 2822", "yyyy/MM/dd"]),
        DateMessageRow(.secondsSince1970, mentions: ["secondsSince1970", "ISO 8601", "RFC 2822", "yyyy/MM/dd"]),
        DateMessageRow(
            .millisecondsSince1970, mentions: ["millisecondsSince1970", "ISO 8601", "RFC 2822", "yyyy/MM/dd"]),
        DateMessageRow(.iso8601, mentions: ["iso8601", "ISO 8601", "RFC 2822", "yyyy/MM/dd"]),
        DateMessageRow(.formatted("yyyy", zone: "UTC"), mentions: ["formatted", "ISO 8601", "RFC 2822", "yyyy/MM/dd"]),
        DateMessageRow(
            .deferredToDate, formats: ["MM-dd-yyyy", "MMM dd yyyy"],
            mentions: ["ISO 8601", "RFC 2822", "yyyy/MM/dd", "\"MM-dd-yyyy\"", "\"MMM dd yyyy\""]),
    ]

    /// Midnight (or the given time) of a date in UTC, by Foundation's Gregorian calendar.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
            .timeIntervalSince1970
    }
}

// MARK: - Strategies

/// A date strategy a row runs under (a value, so rows stay `Sendable`; formatters are built
/// for each decoder).
enum DateStrategy: Sendable, Equatable, CustomTestStringConvertible {
    case deferredToDate, secondsSince1970, millisecondsSince1970, iso8601
    /// `.formatted` with a `DateFormatter` of this pattern in `en_US_POSIX` and this zone.
    case formatted(String, zone: String)
    /// `.custom`: `"epoch"` is 0, a string starting with `2016-01-17T` is 42, else `dataCorrupted`.
    case custom

    static let all: [DateStrategy] = [
        .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601, .formatted("yyyy", zone: "UTC"), .custom,
    ]

    var testDescription: String {
        switch self {
        case .formatted(let pattern, let zone): return ".formatted(\"\(pattern)\", \(zone))"
        default: return ".\(self)"
        }
    }

    func apply(to decoder: JSONDecoder) {
        switch self {
        case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .formatted(let pattern, let zone):
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: zone)
            formatter.dateFormat = pattern
            decoder.dateDecodingStrategy = .formatted(formatter)
        case .custom:
            decoder.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                if text == "epoch" { return Date(timeIntervalSince1970: 0) }
                if text.hasPrefix("2016-01-17T") { return Date(timeIntervalSince1970: 42) }
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "custom strategy rejects \(text)")
            }
        }
    }
}

// MARK: - Harness

/// The two inputs: `Data`, and the `JSONSerialization` tree of the same text.
enum DateInput: Sendable, CaseIterable {
    case data, tree

    func decode<T: Decodable>(
        _ type: T.Type, _ json: String, _ decoder: LenientJSONDecoder, report: inout LenientDecodingReport
    ) throws -> T {
        let data = Data(json.utf8)
        switch self {
        case .data:
            return try decoder.decode(type, from: data, report: &report)
        case .tree:
            let tree = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return try decoder.decode(type, fromJSONObject: tree, report: &report)
        }
    }
}

struct DateBox<T: Decodable>: Decodable {
    var v: T
}

/// What a row's value must give.
enum DateExpectation: Sendable {
    /// JSONDecoder reads it as this instant (seconds since 1970), and so does every policy.
    case strategy(Double)
    /// JSONDecoder reads it (whatever it makes of it), and every policy returns the same.
    case foundation
    /// JSONDecoder fails, and so does `.strict` (same case); `.lenient` and `.permissive` read
    /// this instant with one `coerced` event naming `form`, saying UTC was assumed exactly
    /// when `utcAssumed`.
    case fallback(Double, form: String, utcAssumed: Bool = false)
    /// Every policy fails with JSONDecoder's error case, naming `Date`.
    case fails
}

/// The outcome of a decode, reduced to what is compared: a value or an error case.
enum DateCase: Equatable, CustomStringConvertible {
    case value, typeMismatch, valueNotFound, keyNotFound, dataCorrupted, other

    init<T>(_ result: Result<T, any Error>) {
        switch result {
        case .success: self = .value
        case .failure(DecodingError.typeMismatch): self = .typeMismatch
        case .failure(DecodingError.valueNotFound): self = .valueNotFound
        case .failure(DecodingError.keyNotFound): self = .keyNotFound
        case .failure(DecodingError.dataCorrupted): self = .dataCorrupted
        case .failure: self = .other
        }
    }

    var description: String {
        switch self {
        case .value: return "a value"
        case .typeMismatch: return "typeMismatch"
        case .valueNotFound: return "valueNotFound"
        case .keyNotFound: return "keyNotFound"
        case .dataCorrupted: return "dataCorrupted"
        case .other: return "not a DecodingError"
        }
    }
}

struct DateRow: Sendable, CustomTestStringConvertible {
    var json: String
    var strategy: DateStrategy
    var formats: [String]
    var expectation: DateExpectation
    var sourceLocation: SourceLocation

    init(
        _ json: String, _ strategy: DateStrategy, formats: [String] = [], _ expectation: DateExpectation,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.json = json
        self.strategy = strategy
        self.formats = formats
        self.expectation = expectation
        self.sourceLocation = sourceLocation
    }

    var testDescription: String {
        "\(json) under \(strategy.testDescription)" + (formats.isEmpty ? "" : ", dateFormats \(formats)")
    }

    func decoder(_ policy: LenientPolicy) -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: policy)
        strategy.apply(to: decoder)
        decoder.dateFormats = formats
        return decoder
    }

    func check() {
        let document = "{\"v\":\(json)}"
        let reference = JSONDecoder()
        strategy.apply(to: reference)
        let foundation = Result { try reference.decode(DateBox<Date>.self, from: Data(document.utf8)).v }

        for input in DateInput.allCases {
            let context = "\(testDescription), \(input)"
            var report = LenientDecodingReport()
            let strict = Result { try input.decode(DateBox<Date>.self, document, decoder(.strict), report: &report).v }
            checkStrictParity(strict, foundation, context)

            for (name, policy) in [(".lenient", LenientPolicy.lenient), (".permissive", .permissive)] {
                var report = LenientDecodingReport()
                let result = Result {
                    try input.decode(DateBox<Date>.self, document, decoder(policy), report: &report).v
                }
                check(result, foundation, report: report, input: input, "\(context), \(name)")
            }
        }
    }

    func checkStrictParity(_ strict: Result<Date, any Error>, _ foundation: Result<Date, any Error>, _ context: String)
    {
        switch (strict, foundation) {
        case (.success(let s), .success(let f)):
            #expect(
                s == f, "\(context), .strict: \(s.timeIntervalSince1970) ≠ JSONDecoder's \(f.timeIntervalSince1970)",
                sourceLocation: sourceLocation)
        default:
            #expect(
                DateCase(strict) == DateCase(foundation),
                "\(context), .strict: \(DateCase(strict)) ≠ JSONDecoder's \(DateCase(foundation)) (\(strict))",
                sourceLocation: sourceLocation)
        }
    }

    func check(
        _ result: Result<Date, any Error>, _ foundation: Result<Date, any Error>, report: LenientDecodingReport,
        input: DateInput, _ context: String
    ) {
        switch expectation {
        case .strategy(let seconds):
            guard case .success(let f) = foundation else {
                Issue.record(
                    "\(context): the row expects JSONDecoder to read it: \(foundation)", sourceLocation: sourceLocation)
                return
            }
            #expect(
                abs(f.timeIntervalSince1970 - seconds) <= 1e-6,
                "\(context): JSONDecoder reads \(f.timeIntervalSince1970), row says \(seconds)",
                sourceLocation: sourceLocation)
            expectParity(result, f, report: report, context)
        case .foundation:
            guard case .success(let f) = foundation else {
                Issue.record(
                    "\(context): the row expects JSONDecoder to read it: \(foundation)", sourceLocation: sourceLocation)
                return
            }
            expectParity(result, f, report: report, context)
        case .fallback(let seconds, let form, let utcAssumed):
            #expect(
                DateCase(foundation) != .value, "\(context): JSONDecoder reads it: no fallback is needed",
                sourceLocation: sourceLocation)
            switch result {
            case .failure(let error):
                Issue.record("\(context): expected \(seconds), threw \(error)", sourceLocation: sourceLocation)
            case .success(let date):
                #expect(
                    abs(date.timeIntervalSince1970 - seconds) <= 1e-6,
                    "\(context): read \(date.timeIntervalSince1970), expected \(seconds)",
                    sourceLocation: sourceLocation)
                expectEvent(report, form: form, utcAssumed: utcAssumed, input: input, context)
            }
        case .fails:
            switch result {
            case .success(let date):
                Issue.record(
                    "\(context): expected an error, read \(date.timeIntervalSince1970)", sourceLocation: sourceLocation)
            case .failure(let error):
                #expect(
                    DateCase(result) == DateCase(foundation),
                    "\(context): \(DateCase(result)) ≠ JSONDecoder's \(DateCase(foundation)) (\(error))",
                    sourceLocation: sourceLocation)
                if strategy != .custom {
                    let message = debugMessage(error)
                    #expect(
                        message.hasPrefix("Expected Date at $.v") && !message.contains("Double"),
                        "\(context): \(message)",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }

    func expectParity(
        _ result: Result<Date, any Error>, _ foundation: Date, report: LenientDecodingReport, _ context: String
    ) {
        switch result {
        case .success(let date):
            #expect(
                date == foundation,
                "\(context): read \(date.timeIntervalSince1970), JSONDecoder \(foundation.timeIntervalSince1970)",
                sourceLocation: sourceLocation)
        case .failure(let error):
            Issue.record(
                "\(context): threw \(error), JSONDecoder reads \(foundation.timeIntervalSince1970)",
                sourceLocation: sourceLocation)
        }
        #expect(
            report.events.isEmpty, "\(context): the strategy's own reading is not an event: \(report.events)",
            sourceLocation: sourceLocation)
    }

    func expectEvent(
        _ report: LenientDecodingReport, form: String, utcAssumed: Bool, input: DateInput, _ context: String
    ) {
        guard report.events.count == 1, let event = report.events.first else {
            Issue.record("\(context): expected one event, got \(report.events)", sourceLocation: sourceLocation)
            return
        }
        #expect(event.kind == .coerced && event.path == "$.v", "\(context): \(event)", sourceLocation: sourceLocation)
        #expect(
            event.description.contains(form), "\(context): the event does not name \(form): \(event.description)",
            sourceLocation: sourceLocation)
        #expect(
            event.description.contains("UTC assumed") == utcAssumed,
            "\(context): the event \(utcAssumed ? "does not say" : "says") UTC was assumed: \(event.description)",
            sourceLocation: sourceLocation)
        if input == .data {
            #expect(
                event.line == 1 && event.column == 6,
                "\(context): event at \(String(describing: event.line)):\(String(describing: event.column))",
                sourceLocation: sourceLocation)
        }
    }
}

/// The message document (`"yesterday"` at `$.created`, line 3, column 14) under a strategy:
/// JSONDecoder's error case, and a message naming `Date`, the place, the text and the forms.
struct DateMessageRow: Sendable, CustomTestStringConvertible {
    var strategy: DateStrategy
    var formats: [String]
    var mentions: [String]
    var sourceLocation: SourceLocation

    init(
        _ strategy: DateStrategy, formats: [String] = [], mentions: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        self.strategy = strategy
        self.formats = formats
        self.mentions = mentions
        self.sourceLocation = sourceLocation
    }

    var testDescription: String { strategy.testDescription + (formats.isEmpty ? "" : ", dateFormats \(formats)") }

    struct Created: Decodable {
        var id: Int
        var created: Date
    }

    func check() {
        let data = Data(DateRows.messageDocument.utf8)
        let reference = JSONDecoder()
        strategy.apply(to: reference)
        let foundation = Result { try reference.decode(Created.self, from: data) }
        for policy in [LenientPolicy.lenient, .permissive] {
            let decoder = LenientJSONDecoder(policy: policy)
            strategy.apply(to: decoder)
            decoder.dateFormats = formats
            let result = Result { try decoder.decode(Created.self, from: data) }
            #expect(
                DateCase(result) == DateCase(foundation) && DateCase(result) != .value,
                "\(DateCase(result)) ≠ JSONDecoder's \(DateCase(foundation))",
                sourceLocation: sourceLocation)
            guard case .failure(let error) = result else { continue }
            let message = debugMessage(error)
            #expect(
                message.hasPrefix("Expected Date at $.created (line 3, column 14), found string \"yesterday\"; tried "),
                "\(message)",
                sourceLocation: sourceLocation)
            #expect(!message.contains("Double"), "\(message)", sourceLocation: sourceLocation)
            for word in mentions {
                #expect(
                    message.contains(word), "the message does not name \(word): \(message)",
                    sourceLocation: sourceLocation)
            }
            // The tree has no lines: the same message without them.
            if let tree = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) {
                let fromTree = Result { try decoder.decode(Created.self, fromJSONObject: tree) }
                guard case .failure(let treeError) = fromTree else {
                    Issue.record("the tree decodes", sourceLocation: sourceLocation)
                    continue
                }
                #expect(DateCase(fromTree) == DateCase(foundation), sourceLocation: sourceLocation)
                #expect(
                    debugMessage(treeError).hasPrefix(
                        "Expected Date at $.created, found string \"yesterday\"; tried "),
                    "\(debugMessage(treeError))", sourceLocation: sourceLocation)
            }
        }
    }
}
