// `allowsJSON5` widens what the input may be; it never narrows the rules. A document written
// in standard JSON decodes alike with and without it, under every preset: same value (or
// error case and path) and the same report. Rows cover each rule that reads a number's text.

import Foundation
import LenientJSON
import Testing

@Suite("JSON5 input gets every rule")
struct JSON5LeniencyTests {
    struct Flags: Decodable, Equatable { var isActive: Bool; var verified: Bool? }
    struct Counts: Decodable, Equatable { var count: Int; var ratio: Double; var label: String }
    struct Maybe: Decodable, Equatable { var count: Int?; var price: Decimal? }

    struct Row: Sendable, CustomTestStringConvertible {
        var json: String
        var compare: @Sendable (Preset) -> Void
        var testDescription: String { json }
    }

    static func row<T: Decodable & Equatable & SendableMetatype>(_ json: String, _ type: T.Type) -> Row {
        Row(json: json) { preset in
            func run(_ json5: Bool) -> (Outcome<T>, [String]) {
                let decoder = LenientJSONDecoder(policy: preset.policy)
                decoder.allowsJSON5 = json5
                var report = LenientDecodingReport()
                let outcome = Outcome { try decoder.decode(T.self, from: Data(json.utf8), report: &report) }
                return (outcome, report.events.map(\.description))
            }
            let (plain, plainEvents) = run(false)
            let (json5, json5Events) = run(true)
            #expect(plain == json5, "without JSON5: \(plain)\nwith JSON5: \(json5)")
            #expect(plainEvents == json5Events)
        }
    }

    static let rows: [Row] = [
        row(#"{"isActive": 1, "verified": 0}"#, Flags.self),
        row(#"{"isActive": 1.0, "verified": 2}"#, Flags.self),
        row(#"{"isActive": "yes", "verified": "0"}"#, Flags.self),
        row(#"{"count": 1.5, "ratio": "2.5", "label": 7}"#, Counts.self),
        row(#"{"count": -3.99e0, "ratio": 1, "label": 1.50}"#, Counts.self),
        row(#"{"count": "12", "ratio": "1e3", "label": true}"#, Counts.self),
        row(#"{"count": "x", "price": "12.50"}"#, Maybe.self),
        row(#"{"count": 2.5, "price": 3}"#, Maybe.self),
    ]

    @Test("A standard JSON document decodes alike with and without allowsJSON5", arguments: rows, Preset.allCases)
    func sameWithJSON5(_ row: Row, _ preset: Preset) {
        row.compare(preset)
    }

    @Test("0 and 1 read as Bool under allowsJSON5 (.lenient)")
    func boolFromNumber() throws {
        let decoder = LenientJSONDecoder()
        decoder.allowsJSON5 = true
        let flags = try decoder.decode(Flags.self, from: Data("{isActive: 1, verified: 0, // comment\n}".utf8))
        #expect(flags == Flags(isActive: true, verified: false))
    }
}
