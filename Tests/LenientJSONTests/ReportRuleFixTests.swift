import Foundation
import LenientJSON
import Testing

/// Rule codes the report must name (README, "The report as data"): an enum's registered raw-value
/// alias is `coerced` by `enum.alias`; a numeric string read as an enum's `Int` raw value is
/// `enum.fromNumericString`; a key found through a key path (and the `""` key flattening an
/// object) is `matchedKey` by `key.path`. Through `Data` and `fromJSONObject`.
@Suite struct ReportRuleFixTests {
    struct Box<T: Decodable>: Decodable { var v: T }
    enum Status: String, Decodable, CaseIterable { case active, paused }
    enum Level: Int, Decodable, CaseIterable { case low = 1, high = 2 }
    struct City: Decodable {
        var city: String
        enum CodingKeys: String, CodingKey { case city = "address.city" }
    }
    struct Inner: Decodable { var a: Int }
    struct Flattened: Decodable {
        var inner: Inner
        enum CodingKeys: String, CodingKey { case inner = "" }
    }

    @Test(arguments: InputKind.allCases)
    func enumAliasIsCoerced(_ input: InputKind) throws {
        let decoder = LenientJSONDecoder()
        decoder.register(aliases: ["active": ["on"]], for: Status.self)
        var report = LenientDecodingReport()
        let value = try input.decode(Box<Status>.self, from: Data(#"{"v":"on"}"#.utf8), with: decoder, report: &report)
        #expect(value.v == .active)
        #expect(report.events.map(\.kind) == [.coerced])
        #expect(report.events.map(\.rule) == [.enumAlias])
        #expect(report.events.map(\.type) == ["Status"])
        #expect(report.events.map(\.found) == ["on"])
    }

    @Test(arguments: InputKind.allCases)
    func numericStringForIntRawValueIsRecorded(_ input: InputKind) throws {
        var report = LenientDecodingReport()
        let value = try input.decode(
            Box<Level>.self, from: Data(#"{"v":"2"}"#.utf8), with: LenientJSONDecoder(), report: &report)
        #expect(value.v == .high)
        // JSONDecoder reads the number, not the string.
        #expect(try JSONDecoder().decode(Box<Level>.self, from: Data(#"{"v":2}"#.utf8)).v == value.v)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Box<Level>.self, from: Data(#"{"v":"2"}"#.utf8))
        }
        #expect(report.events.map(\.kind) == [.coerced])
        #expect(report.events.map(\.rule) == [.enumFromNumericString])
        #expect(report.events.map(\.type) == ["Level"])
        #expect(report.events.map(\.path) == ["$.v"])
        #expect(report.events.map(\.found) == ["2"])
    }

    @Test(arguments: InputKind.allCases)
    func keyPathMatchIsRecorded(_ input: InputKind) throws {
        let decoder = LenientJSONDecoder()
        decoder.keyPathSeparator = "."
        var report = LenientDecodingReport()
        let value = try input.decode(
            City.self, from: Data(#"{"address":{"city":"Oslo"}}"#.utf8), with: decoder, report: &report)
        #expect(value.city == "Oslo")
        #expect(report.events.map(\.kind) == [.matchedKey])
        #expect(report.events.map(\.rule) == [.keyPath])
        #expect(report.events.map(\.type) == ["String"])
        #expect(report.events.map(\.found) == ["Oslo"])
    }

    @Test(arguments: InputKind.allCases)
    func emptyKeyFlatteningIsRecorded(_ input: InputKind) throws {
        let decoder = LenientJSONDecoder()
        decoder.keyPathSeparator = "."
        var report = LenientDecodingReport()
        let value = try input.decode(Flattened.self, from: Data(#"{"a":1}"#.utf8), with: decoder, report: &report)
        #expect(value.inner.a == 1)
        #expect(report.events.map(\.kind) == [.matchedKey])
        #expect(report.events.map(\.rule) == [.keyPath])
        #expect(report.events.map(\.type) == ["Inner"])
    }
}
