// keyPathSeparator (Mapping article): a CodingKey "address.city" not found as-is is looked up as a nested
// path (array indices included); with any separator set, a CodingKey "" not found as-is reads
// the enclosing object itself (flattening). Both inputs, every policy.

import Foundation
import LenientJSON
import Testing

struct PathPerson: Decodable, Equatable {
    var name: String
    var city: String
    var zip: String?
    var firstTag: String?

    enum CodingKeys: String, CodingKey {
        case name, city = "address.city", zip = "address.zip", firstTag = "tags.0"
    }
}

struct PathGeo: Decodable, Equatable {
    var lat: Double
    var lon: Double
}

struct PathListing: Decodable, Equatable {
    var id: Int
    var geo: PathGeo

    enum CodingKeys: String, CodingKey { case id, geo = "" }
}

/// What `contains` answers for a key path and a missing one.
struct PathProbe: Decodable {
    var found: Bool
    var missing: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: PathPerson.CodingKeys.self)
        found = container.contains(.city)
        missing = container.contains(.zip)
    }
}

@Suite("keyPathSeparator")
struct KeyPathTests {
    static func decoder(_ preset: Preset, separator: String? = ".") -> LenientJSONDecoder {
        let decoder = LenientJSONDecoder(policy: preset.policy)
        decoder.keyPathSeparator = separator
        return decoder
    }

    @Test("a key not found as-is is looked up as a nested path", arguments: Preset.allCases, InputKind.allCases)
    func nested(preset: Preset, input: InputKind) throws {
        let json = #"{"name": "Ann", "address": {"city": "Daly City"}, "tags": ["x", "y"]}"#
        let person = try input.decode(PathPerson.self, from: Data(json.utf8), with: Self.decoder(preset))
        #expect(person == PathPerson(name: "Ann", city: "Daly City", zip: nil, firstTag: "x"))
        let probe = try input.decode(PathProbe.self, from: Data(json.utf8), with: Self.decoder(preset))
        #expect(probe.found && !probe.missing)
    }

    @Test("a key found as-is wins over the path", arguments: InputKind.allCases)
    func asIsFirst(input: InputKind) throws {
        let json = #"{"name": "Ann", "address.city": "As is", "address": {"city": "Nested"}}"#
        #expect(try input.decode(PathPerson.self, from: Data(json.utf8), with: Self.decoder(.strict)).city == "As is")
    }

    @Test("without a separator, keys are only looked up as they are", arguments: InputKind.allCases)
    func noSeparator(input: InputKind) {
        let json = #"{"name": "Ann", "address": {"city": "Daly City"}}"#
        #expect(throws: DecodingError.self) {
            try input.decode(PathPerson.self, from: Data(json.utf8), with: Self.decoder(.lenient, separator: nil))
        }
    }

    @Test("another separator", arguments: InputKind.allCases)
    func otherSeparator(input: InputKind) throws {
        struct Slashed: Decodable, Equatable {
            var city: String
            enum CodingKeys: String, CodingKey { case city = "address/city" }
        }
        let json = #"{"address": {"city": "Oslo"}}"#
        #expect(
            try input.decode(Slashed.self, from: Data(json.utf8), with: Self.decoder(.strict, separator: "/"))
                == Slashed(city: "Oslo"))
    }

    @Test("the empty key reads the enclosing object (flattening)", arguments: Preset.allCases, InputKind.allCases)
    func flattening(preset: Preset, input: InputKind) throws {
        let json = #"{"id": 1, "lat": 52.5, "lon": 13}"#
        let listing = try input.decode(PathListing.self, from: Data(json.utf8), with: Self.decoder(preset))
        #expect(listing == PathListing(id: 1, geo: PathGeo(lat: 52.5, lon: 13)))
    }

    @Test("an error inside a path points at the nested value")
    func errorPosition() {
        let json = "{\"name\": \"Ann\",\n\"address\": {\"city\": [1]}}"
        do {
            _ = try Self.decoder(.lenient).decode(PathPerson.self, from: Data(json.utf8))
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["address.city"])
            #expect(context.debugDescription.contains("line 2, column 21"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
