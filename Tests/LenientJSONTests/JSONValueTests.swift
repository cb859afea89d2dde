// JSONValue (Mapping article): public, Sendable, Hashable, Decodable through LenientJSONDecoder and
// JSONDecoder; numbers keep their literal text (the input's exact text through
// LenientJSONDecoder); no coercion ever changes what it holds.

import Foundation
import LenientJSON
import Testing

struct DynamicEvent: Decodable, Equatable {
    var name: String
    var payload: [String: JSONValue]
    var extra: JSONValue?
    var list: [JSONValue]
}

@Suite("JSONValue")
struct JSONValueTests {
    static let anyJSON = #"""
        {"id": 17, "name": "Ada", "tags": ["a", "b"], "active": true, "deleted": false, "parent": null,
         "geo": {"lat": 12, "lon": -3, "alt": []}, "scores": [1, 2, [3, {"deep": "x"}]], "empty": {}, "é": "ü\n"}
        """#

    static let expected: JSONValue = [
        "id": 17, "name": "Ada", "tags": ["a", "b"], "active": true, "deleted": false, "parent": .null,
        "geo": ["lat": 12, "lon": -3, "alt": []], "scores": [1, 2, [3, ["deep": "x"]]], "empty": [:], "é": "ü\n",
    ]

    @Test("an any-JSON payload", arguments: Preset.allCases, InputKind.allCases)
    func anyJSONPayload(preset: Preset, input: InputKind) throws {
        let value = try input.decode(
            JSONValue.self, from: Data(Self.anyJSON.utf8), with: LenientJSONDecoder(policy: preset.policy))
        #expect(value == Self.expected)
    }

    @Test("JSONDecoder decodes the same payload to the same value")
    func throughJSONDecoder() throws {
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(Self.anyJSON.utf8)) == Self.expected)
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data("[1.5, 1e2, -0.25]".utf8)) == [1.5, 100, -0.25])
    }

    @Test(
        "numbers keep the input's exact text",
        arguments: [
            "68.50", "1.0", "-0", "12345678901234567890123", "1e-7", "2E+10", "0.1000000000000000055511151231257827",
        ])
    func literalText(text: String) throws {
        #expect(
            try LenientJSONDecoder().decode(JSONValue.self, from: Data("[\(text)]".utf8)) == .array([.number(text)]))
    }

    @Test("JSON5 numbers keep their text too")
    func json5() throws {
        let decoder = LenientJSONDecoder()
        decoder.allowsJSON5 = true
        #expect(
            try decoder.decode(JSONValue.self, from: Data("{a: 0x1F, b: +.5, c: 'x'}".utf8)) == [
                "a": .number("0x1F"), "b": .number("+.5"), "c": "x",
            ])
    }

    @Test("no coercion changes what it holds", arguments: Preset.allCases, InputKind.allCases)
    func noCoercion(preset: Preset, input: InputKind) throws {
        let json =
            #"""
            {"name": 12, "payload": {"n": "12", "b": "yes", "e": "", "f": false, "a": ["x"]}\#
            , "extra": "null", "list": "single"}
            """#
        let event = try input.decode(
            DynamicEvent.self, from: Data(json.utf8),
            with: LenientJSONDecoder(policy: preset == .strict ? .lenient : preset.policy))
        #expect(event.payload == ["n": "12", "b": "yes", "e": "", "f": false, "a": ["x"]])
        #expect(event.extra == "null")
        #expect(event.list == ["single"])  // the array rule wraps the value; the value stays a string
    }

    @Test("where JSONDecoder succeeds, the value is JSONDecoder's", arguments: Preset.allCases)
    func parity(preset: Preset) throws {
        let data = Data(
            #"{"name": "n", "payload": {"k": [true, null, "s", 3]}, "extra": null, "list": [{"a": {}}]}"#.utf8)
        let expected = try JSONDecoder().decode(DynamicEvent.self, from: data)
        #expect(try LenientJSONDecoder(policy: preset.policy).decode(DynamicEvent.self, from: data) == expected)
    }

    @Test("Hashable, Sendable, Encodable and description")
    func conformances() throws {
        let values: Set<JSONValue> = [.number("1"), .number("1.0"), .number("1"), "1", 1]
        #expect(values.count == 3)
        let sendable: any Sendable = JSONValue.null
        #expect(sendable is JSONValue)
        let value: JSONValue = ["b": [1, "two\"", .null, true], "a": 2.5]
        #expect(value.description == #"{"a":2.5,"b":[1,"two\"",null,true]}"#)
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value)
        #expect(try LenientJSONDecoder().decode(JSONValue.self, from: Data(value.description.utf8)) == value)
        #expect(value["b"]?[1] == "two\"")
        #expect(value["missing"] == nil)
    }

    @Test("invalid JSON inside is an error")
    func invalid() {
        #expect(throws: DecodingError.self) {
            try LenientJSONDecoder(policy: .permissive).decode(JSONValue.self, from: Data(#"{"a": [1, "\q"]}"#.utf8))
        }
    }
}
