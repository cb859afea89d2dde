// A member found through a key path (keyPathSeparator, the Mapping article) is reported at the
// place the input has: `$.address.city`, never `$['address.city']`, a key the input does not
// have; its coerced value's event too, and an error inside it names that path. The error's
// codingPath keeps the model's key (KeyPathTests).

import Foundation
import LenientJSON
import Testing

private struct KeyPathCity: Decodable {
    var city: String
    var zip: Int
    var tag: String

    enum CodingKeys: String, CodingKey { case city = "address.city", zip = "address.zip", tag = "tags.1" }
}

private struct KeyPathAliased: Decodable {
    var city: String
}

@Suite("Key-path events name the input's path")
struct KeyPathEventPathTests {
    static func decoder() -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder()
        decoder.keyPathSeparator = "."
        return decoder
    }

    @Test("the key.path event and the coerced value's event have the input's path and pointer")
    func eventPaths() throws {
        let json = #"{"address": {"city": "Oslo", "zip": "0150"}, "tags": ["a", "b"]}"#
        var report = LenientDecodingReport()
        let value = try Self.decoder().decode(KeyPathCity.self, from: Data(json.utf8), report: &report)
        #expect(value.zip == 150)
        let keyPaths = report.events.filter { $0.rule == .keyPath }
        #expect(keyPaths.map(\.path) == ["$.address.city", "$.address.zip", "$.tags[1]"])
        #expect(keyPaths.map(\.pointer) == ["/address/city", "/address/zip", "/tags/1"])
        let coerced = report.events.filter { $0.rule == .numberFromString }
        #expect(coerced.map(\.path) == ["$.address.zip"])
        #expect(coerced.map(\.pointer) == ["/address/zip"])
        #expect(!report.events.contains { $0.path.contains("[") && $0.path.contains("'") })
    }

    @Test("a registered alias that is a key path is reported at the input's path")
    func aliasPath() throws {
        let decoder = Self.decoder()
        decoder.register(aliases: ["city": ["location.town"]], for: KeyPathAliased.self)
        var report = LenientDecodingReport()
        let value = try decoder.decode(
            KeyPathAliased.self, from: Data(#"{"location": {"town": "Bergen"}}"#.utf8), report: &report)
        #expect(value.city == "Bergen")
        #expect(report.events.filter { $0.rule == .keyPath }.map(\.path) == ["$.location.town"])
    }

    @Test("statistics group a key-path event under the input's pattern")
    func statisticsPattern() throws {
        let decoder = Self.decoder()
        let statistics = LenientDecodingStatistics()
        decoder.statistics = statistics
        let json = #"{"address": {"city": "A", "zip": 1}, "tags": [1, "b"]}"#
        _ = try decoder.decode(KeyPathCity.self, from: Data(json.utf8))
        let patterns = Set(statistics.snapshot.patterns.map(\.path))
        #expect(patterns.contains("$.address.city"))
        #expect(!patterns.contains { $0.contains("'") })
    }

    @Test("an error inside a key path's value names the input's path in its message")
    func errorMessagePath() {
        let json = #"{"address": {"city": "Oslo", "zip": "nine"}, "tags": ["a", "b"]}"#
        do {
            _ = try Self.decoder().decode(KeyPathCity.self, from: Data(json.utf8))
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["address.zip"])
            #expect(context.debugDescription.contains("$.address.zip"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
