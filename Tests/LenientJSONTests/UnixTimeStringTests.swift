// A Unix time in a string (the DocC article "Date decoding"): under a date
// strategy that reads strings (`.iso8601`, `.formatted`), a numeric string is read as the same
// number would be, as Unix seconds, milliseconds from 10^11 on and microseconds from 10^14 on,
// with one `coerced` event; a pattern of `dateFormats` that reads the digits wins. The
// strategies that read numbers keep their own meaning. Each row is checked against
// `JSONDecoder` by `DateRow` (DateRuleTests.swift): `.strict` fails as it does.

import Foundation
import LenientJSON
import Testing

@Suite("A Unix time in a string")
struct UnixTimeStringTests {
    /// 2025-02-23T11:07:56Z, Mastodon's `"1740308876.000000"`.
    static let mastodon = 1_740_308_876.0

    static let stringStrategies: [DateStrategy] = [
        .iso8601, .formatted("yyyy-MM-dd", zone: "UTC"), .formatted("dd.MM.yyyy HH:mm", zone: "America/Los_Angeles"),
    ]

    static let numericStrings: [DateRow] = stringStrategies.flatMap { strategy in
        [
            DateRow(#""1740308876.000000""#, strategy, .fallback(mastodon, form: "Unix seconds")),
            DateRow(#""1740308876""#, strategy, .fallback(mastodon, form: "Unix seconds")),
            DateRow(#"" 1740308876.5 ""#, strategy, .fallback(mastodon + 0.5, form: "Unix seconds")),
            DateRow(#""+1740308876""#, strategy, .fallback(mastodon, form: "Unix seconds")),
            DateRow(#""1.740308876e9""#, strategy, .fallback(mastodon, form: "Unix seconds")),
            DateRow(#""0""#, strategy, .fallback(0, form: "Unix seconds")),
            DateRow(#""-86400""#, strategy, .fallback(-86400, form: "Unix seconds")),
            DateRow(#""99999999999""#, strategy, .fallback(99_999_999_999, form: "Unix seconds")),
            DateRow(#""100000000000""#, strategy, .fallback(100_000_000, form: "Unix milliseconds")),
            DateRow(#""1740308876123""#, strategy, .fallback(mastodon + 0.123, form: "Unix milliseconds")),
            DateRow(#""-1740308876000""#, strategy, .fallback(-mastodon, form: "Unix milliseconds")),
            DateRow(#""100000000000000""#, strategy, .fallback(100_000_000, form: "Unix microseconds")),
            DateRow(#""1740308876123456""#, strategy, .fallback(mastodon + 0.123456, form: "Unix microseconds")),
            DateRow(#""-1740308876000000""#, strategy, .fallback(-mastodon, form: "Unix microseconds")),
            // Not numeric strings: hex, separators, an overflow to infinity.
            DateRow(#""0x10""#, strategy, .fails),
            DateRow(#""1_740_308_876""#, strategy, .fails),
            DateRow(#""1e400""#, strategy, .fails),
        ]
    }

    @Test("a numeric string under a string strategy is a Unix time, by magnitude", arguments: numericStrings)
    func numericString(_ row: DateRow) { row.check() }

    static let numbers: [DateRow] = stringStrategies.flatMap { strategy in
        [
            DateRow("1740308876.000000", strategy, .fallback(mastodon, form: "Unix seconds")),
            DateRow("-1740308876", strategy, .fallback(-mastodon, form: "Unix seconds")),
            DateRow("1740308876123", strategy, .fallback(mastodon + 0.123, form: "Unix milliseconds")),
            DateRow("-1740308876123", strategy, .fallback(-mastodon - 0.123, form: "Unix milliseconds")),
            DateRow("1740308876123456", strategy, .fallback(mastodon + 0.123456, form: "Unix microseconds")),
            DateRow("-1740308876123456", strategy, .fallback(-mastodon - 0.123456, form: "Unix microseconds")),
        ]
    }

    @Test("a number under a string strategy follows the same magnitude rule", arguments: numbers)
    func number(_ row: DateRow) { row.check() }

    static let withDateFormats: [DateRow] = [
        DateRow(#""1740308876.000000""#, .iso8601, formats: ["dd.MM.yyyy"], .fallback(mastodon, form: "Unix seconds")),
        DateRow(
            #""1740308876123""#, .iso8601, formats: ["MM-dd-yyyy", "yyyy/MM/dd HH:mm"],
            .fallback(mastodon + 0.123, form: "Unix milliseconds")),
        // A pattern that reads the digits is the user's own word for them.
        DateRow(
            #""20240301""#, .iso8601, formats: ["yyyyMMdd"], .fallback(DateRows.march1st2024, form: "\"yyyyMMdd\"")),
        DateRow(#""20240301""#, .iso8601, .fallback(20_240_301, form: "Unix seconds")),
        // Still ISO 8601, not a number.
        DateRow(
            #""2016-01-17T16:13:00-0800""#, .formatted("yyyy", zone: "UTC"), formats: ["yyyyMMdd"],
            .fallback(DateRows.pacific, form: "ISO 8601")),
    ]

    @Test("dateFormats: a numeric string is a Unix time unless a pattern reads it", arguments: withDateFormats)
    func dateFormats(_ row: DateRow) { row.check() }

    static let numberStrategies: [DateRow] = [
        // As the strategy reads numbers: no magnitude guess.
        DateRow(
            #""1740308876.000000""#, .deferredToDate, .fallback(DateRows.since2001 + mastodon, form: "numeric string")),
        DateRow(#""1740308876.000000""#, .secondsSince1970, .fallback(mastodon, form: "numeric string")),
        DateRow(#""1740308876123""#, .secondsSince1970, .fallback(1_740_308_876_123, form: "numeric string")),
        DateRow(#""1740308876""#, .millisecondsSince1970, .fallback(1_740_308.876, form: "numeric string")),
        DateRow(
            #""1740308876123456""#, .millisecondsSince1970, .fallback(1_740_308_876_123.456, form: "numeric string")),
        DateRow("1740308876123", .secondsSince1970, .strategy(1_740_308_876_123)),
        DateRow("1740308876", .deferredToDate, .strategy(DateRows.since2001 + mastodon)),
        DateRow("-1740308876", .millisecondsSince1970, .strategy(-1_740_308.876)),
    ]

    @Test(
        ".deferredToDate, .secondsSince1970 and .millisecondsSince1970 keep their own meaning",
        arguments: numberStrategies)
    func numberStrategy(_ row: DateRow) { row.check() }

    // MARK: The payload

    struct Account: Decodable, Equatable {
        var id: String
        var username: String
        var updatedAt: Date
        enum CodingKeys: String, CodingKey { case id, username, updatedAt = "updated_at" }
    }

    struct Status: Decodable, Equatable {
        var id: String
        var account: Account?
    }

    @Test(
        "Mastodon's account keeps its two good values: the date is read, not recovered to nil",
        arguments: InputKind.allCases)
    func mastodonAccount(_ input: InputKind) throws {
        let json = #"{"id": "113", "account": {"id": "1", "username": "ann", "updated_at": "1740308876.000000"}}"#
        let decoder = LenientJSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var report = LenientDecodingReport()
        let status = try input.decode(Status.self, from: Data(json.utf8), with: decoder, report: &report)
        #expect(
            status.account == Account(id: "1", username: "ann", updatedAt: Date(timeIntervalSince1970: Self.mastodon)))
        #expect(report.events.count == 1, "\(report.events)")
        #expect(report.events.first?.kind == .coerced)
        #expect(report.events.first?.path == "$.account.updated_at")
        // JSONDecoder fails the whole decode on it, and .strict does the same.
        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = .iso8601
        #expect(throws: DecodingError.self) { try foundation.decode(Status.self, from: Data(json.utf8)) }
        let strict = LenientJSONDecoder(policy: .strict)
        strict.dateDecodingStrategy = .iso8601
        #expect(throws: DecodingError.self) { try input.decode(Status.self, from: Data(json.utf8), with: strict) }
    }
}
