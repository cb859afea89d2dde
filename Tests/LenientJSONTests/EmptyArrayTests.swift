import Foundation
import LenientJSON
import Testing

/// An empty array is returned at once, before any element type is looked at: whatever its
/// element type (scalar, array, model, optional, set), with or without registrations, under
/// every policy, the value is `JSONDecoder`'s and no report event is made.
@Suite("Empty arrays")
struct EmptyArrayTests {
    struct Area: Codable, Equatable {
        let areaId: Int
        let blockIds: [Int]
    }

    struct Holder: Codable, Equatable {
        let ints: [Int]
        let strings: [String]
        let areas: [Area]
        let nested: [[Double]]
        let optionals: [Int?]
        let set: Set<String>
        let maybe: [Int]?
    }

    static let documents = [
        #"{"ints": [], "strings": [], "areas": [], "nested": [], "optionals": [], "set": [], "maybe": []}"#,
        #"""
        {"ints": [ ], "strings": [  ], "areas": [{"areaId": 1, "blockIds": []}], "nested": [[]], "optionals": []\#
        , "set": [], "maybe": null}
        """#,
        """
        {\"ints\": [\n], \"strings\": [\t], \"areas\": [{\"areaId\": 2, \"blockIds\": []}\
        , {\"areaId\": 3, \"blockIds\": [\n ]}], \"nested\": [[], []], \"optionals\": [], \"set\": []}
        """,
    ]

    @Test("Empty arrays decode as JSONDecoder decodes them", arguments: documents)
    func parity(json: String) {
        let parity = expectParity(Holder.self, json: json)
        #expect(parity.foundation.succeeded)
        #expect(expectObjectParity(Holder.self, from: Data(json.utf8)))
    }

    @Test("An empty array makes no report event", arguments: [LenientPolicy.lenient, .permissive, .strict])
    func noEvents(policy: LenientPolicy) throws {
        var report = LenientDecodingReport()
        let value = try LenientJSONDecoder(policy: policy).decode(
            Holder.self, from: Data(Self.documents[0].utf8), report: &report)
        #expect(value == Holder(ints: [], strings: [], areas: [], nested: [], optionals: [], set: [], maybe: []))
        #expect(report.events.isEmpty)
    }

    @Test("An empty array of a registered element type calls no registration")
    func registeredElement() throws {
        let decoder = LenientJSONDecoder()
        decoder.register(Area.self) { _ in Area(areaId: -1, blockIds: [-1]) }
        let json = #"{"ints": [], "strings": [], "areas": [], "nested": [], "optionals": [], "set": [], "maybe": []}"#
        let value = try decoder.decode(Holder.self, from: Data(json.utf8))
        #expect(value.areas.isEmpty)
        let one = try decoder.decode([Area].self, from: Data(#"[{"areaId": 5, "blockIds": []}]"#.utf8))
        #expect(one == [Area(areaId: -1, blockIds: [-1])])
    }

    @Test(
        "A non-array where an array is expected still throws JSONDecoder's error",
        arguments: [#"{"areaId": 1, "blockIds": {}}"#, #"{"areaId": 1, "blockIds": null}"#])
    func notAnArray(json: String) {
        let parity = expectParity(Area.self, json: json)
        #expect(!parity.foundation.succeeded)
    }
}
